import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context } from 'koa';
import type { RequestLine } from './middleware/request-log.ts';

/** An answer the app gave, as it is sent again without the app: its headers and body bytes. */
export interface KeptAnswer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Where answers are sent again from: over HTTPS only when the site requires it, the scheme read as Koa reads it. */
export interface AnswerOptions {
  httpsOnly: boolean;
  trustProxy: boolean;
}

/** A plain GET (no conditional header) that came over HTTPS when the site requires it: one a kept answer may serve. */
export function plainGetOverHttps(req: IncomingMessage, options: AnswerOptions): boolean {
  if (req.method !== 'GET') return false;
  const headers = req.headers;
  if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false;
  if (!options.httpsOnly) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  // as Koa reads it behind a trusted proxy: the first X-Forwarded-Proto value
  const proto = options.trustProxy ? headers['x-forwarded-proto'] : undefined;
  return typeof proto === 'string' && proto.split(',', 1)[0]?.trim() === 'https';
}

/**
 * The app's answer to this request as it will go out (every header set so far, the body as Koa sends it); undefined
 * when it is not a 200, sets a cookie, varies (but by Accept-Encoding, when the keeper keeps each encoding apart), or
 * its body is a stream.
 */
export function answerOf(ctx: Context, { byEncoding = false } = {}): KeptAnswer | undefined {
  if (ctx.status !== 200 || ctx.response.get('Set-Cookie')) return undefined;
  const vary = ctx.response.get('Vary');
  if (vary && !(byEncoding && variesByEncodingAlone(vary))) return undefined;
  const body: unknown = ctx.body;
  let bytes: Buffer;
  if (Buffer.isBuffer(body)) bytes = body;
  else if (typeof body === 'string') bytes = Buffer.from(body);
  else if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function')
    bytes = Buffer.from(JSON.stringify(body)); // as Koa sends an object
  else return undefined;
  // a small buffer is a slice of a shared 8 KB block: what is kept holds only its own bytes
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  const headers: OutgoingHttpHeaders = { ...ctx.response.headers, 'content-length': String(own.length) };
  // what belongs to this connection, not to the answer (a server stopping asks for Connection: close)
  for (const name of CONNECTION_HEADERS) delete headers[name];
  return { headers, body: own };
}

const CONNECTION_HEADERS = ['connection', 'keep-alive', 'transfer-encoding'];

/** a Vary header naming Accept-Encoding and nothing else */
export function variesByEncodingAlone(vary: string): boolean {
  return vary.trim().toLowerCase() === 'accept-encoding';
}

/** Sends a kept answer and writes the request's log line, as the app would for this request. */
export function sendKept(res: ServerResponse, answer: KeptAnswer, url: string, line: RequestLine): void {
  const started = process.hrtime.bigint();
  res.writeHead(200, answer.headers);
  res.end(answer.body);
  const query = url.indexOf('?');
  line(randomUUID(), 'GET', query < 0 ? url : url.slice(0, query), 200, started);
}
