import type { Context } from 'koa';
import { gzipSync } from 'node:zlib';

/** Smaller bodies gain little from compression and cost a header more. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Whether an answer of `bytes` bytes goes out gzipped to this request (the client accepts it, and it is over 1 KB);
 * either way the answer varies by Accept-Encoding.
 */
export function gzipWanted(ctx: Context, bytes: number): boolean {
  ctx.vary('Accept-Encoding');
  return bytes >= COMPRESS_FROM_BYTES && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
}

/**
 * Sends `body` as JSON, gzipped when the client accepts it and the body is over 1 KB: list pages of 50 rows are
 * 10 to 20 KB of JSON and 3 to 4 KB on the wire. Level 1: list pages change on every poll, so the fast level wins.
 */
export function sendJson(ctx: Context, body: unknown): void {
  const json = Buffer.from(JSON.stringify(body));
  ctx.type = 'application/json; charset=utf-8';
  if (!gzipWanted(ctx, json.length)) {
    ctx.body = json;
    return;
  }
  ctx.set('Content-Encoding', 'gzip');
  ctx.body = gzipSync(json, { level: 1 });
}
