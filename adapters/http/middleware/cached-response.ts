import type { IncomingMessage, OutgoingHttpHeader } from 'node:http';
import type { Context } from 'koa';
import { cameOverHttps } from './https-only.ts';
import { PROTECTIVE_HEADER_NAMES } from './security-headers.ts';

/**
 * A response the app gave, as it is sent again: the headers its route set, as pairs made once when it was cached, and
 * its body bytes.
 */
export interface CachedResponse {
  headers: ReadonlyArray<readonly [string, OutgoingHttpHeader]>;
  body: Buffer;
}

/** Where responses are sent again from: over HTTPS only when the site requires it, the scheme read as Koa reads it. */
export interface ResponseCacheOptions {
  httpsOnly: boolean;
  trustProxy: boolean;
}

/** A plain GET (no conditional header) that came over HTTPS when the site requires it: one a cached response may serve. */
export function plainGetOverHttps(req: IncomingMessage, options: ResponseCacheOptions): boolean {
  if (req.method !== 'GET') return false;
  const headers = req.headers;
  if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false;
  return !options.httpsOnly || cameOverHttps(req, options.trustProxy);
}

/**
 * Headers a cached response leaves out: what belongs to this connection, not to the response (a server stopping asks for
 * Connection: close), the length (Koa sets it from the body), and the protective headers (loggingSecurityAndErrors sets them for
 * every response, a cached one included).
 */
const UNCACHED_HEADERS = new Set(['connection', 'cache-alive', 'transfer-encoding', 'content-length']);
const uncached = (name: string) => UNCACHED_HEADERS.has(name) || PROTECTIVE_HEADER_NAMES.has(name);

/**
 * The app's response to this request as it stands (every header set so far, the body as Koa sends it); undefined
 * when it is not a 200, sets a cookie, varies (but by Accept-Encoding, when the cache caches each encoding apart), or
 * its body is a stream.
 */
export function responseOf(ctx: Context, { byEncoding = false } = {}): CachedResponse | undefined {
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
  // a small buffer is a slice of a shared 8 KB block: what is cached holds only its own bytes
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  const headers: Array<readonly [string, OutgoingHttpHeader]> = [];
  for (const [name, value] of Object.entries(ctx.response.headers))
    if (value !== undefined && !uncached(name)) headers.push([name, value]);
  return { headers, body: own };
}

/** a Vary header naming Accept-Encoding and nothing else */
export function variesByEncodingAlone(vary: string): boolean {
  return vary.trim().toLowerCase() === 'accept-encoding';
}

/**
 * Serves this request with a cached response: its headers on the response, its bytes as the body. The middleware after
 * the cache does not run; the middleware before it (the request line, the protective headers) does, as for any response.
 */
export function sendCached(ctx: Context, response: CachedResponse): void {
  const res = ctx.res;
  const headers = response.headers;
  for (let i = 0; i < headers.length; i++) {
    const [name, value] = headers[i] as readonly [string, OutgoingHttpHeader];
    res.setHeader(name, value);
  }
  ctx.body = response.body;
}
