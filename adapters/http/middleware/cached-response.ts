import type { IncomingMessage, OutgoingHttpHeader } from 'node:http';
import type { Context } from 'koa';
import { cameOverHttps } from './https-only.ts';
import { PROTECTIVE_HEADER_NAMES, type ProtectiveHeaders } from './security-headers.ts';

/**
 * A response the app gave, as it is sent again: every header it went out with (the protective ones, its route's, its
 * Cache-Control and length) as the list `writeHead` takes, made once when it was cached, and its body bytes.
 */
export interface CachedResponse {
  headers: readonly string[];
  body: Buffer;
}

/** Where responses are sent again from: over HTTPS only when the site requires it, the scheme read as Koa reads it. */
export interface ResponseCacheOptions {
  httpsOnly: boolean;
  trustProxy: boolean;
  /** the headers every response carries, as loggingSecurityAndErrors sets them (the same `production`) */
  protective: ProtectiveHeaders;
}

/** A plain GET (no conditional header) that came over HTTPS when the site requires it: one a cached response may serve. */
export function plainGetOverHttps(req: IncomingMessage, options: ResponseCacheOptions): boolean {
  if (req.method !== 'GET') return false;
  const headers = req.headers;
  if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false;
  return !options.httpsOnly || cameOverHttps(req, options.trustProxy);
}

/**
 * Headers of the route a cached response leaves out: what belongs to this connection, not to the response (a server
 * stopping asks for Connection: close), the length (set from the body), and the protective headers (added as
 * loggingSecurityAndErrors adds them to every response).
 */
const UNCACHED_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const uncached = (name: string) => UNCACHED_HEADERS.has(name) || PROTECTIVE_HEADER_NAMES.has(name);

/**
 * The app's response to this request as it will be sent (every header set so far with the protective ones and the
 * Cache-Control loggingSecurityAndErrors adds, `personal` for a signed-in request's; the body as Koa sends it);
 * undefined when it is not a 200, sets a cookie, varies (but by Accept-Encoding, when the cache caches each encoding
 * apart), or its body is a stream.
 */
export function responseOf(
  ctx: Context,
  protective: ProtectiveHeaders,
  { byEncoding = false, personal = false } = {},
): CachedResponse | undefined {
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
  const route: Array<readonly [string, OutgoingHttpHeader]> = [];
  for (const [name, value] of Object.entries(ctx.response.headers))
    if (value !== undefined && !uncached(name)) route.push([name, value]);
  const headers = protective.sent(ctx.path, route, personal);
  headers.push('Content-Length', String(own.length));
  return { headers, body: own };
}

/** a Vary header naming Accept-Encoding and nothing else */
export function variesByEncodingAlone(vary: string): boolean {
  return vary.trim().toLowerCase() === 'accept-encoding';
}

/**
 * Serves this request with a cached response: its status line and whole header list written at once, then its bytes,
 * as Koa would send a body it was given but without setting each header apart (Koa is told the response is sent).
 * It is sent from the pipeline's first step (loggingSecurityAndErrors), which writes its request line as for any
 * response; no other middleware runs; a header set before (Connection: close once the server is stopping) goes out
 * with the rest.
 */
export function sendCached(ctx: Context, response: CachedResponse): void {
  ctx.respond = false;
  ctx.res.writeHead(200, response.headers as string[]);
  ctx.res.end(response.body);
}
