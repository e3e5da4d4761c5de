import type { Middleware } from 'koa';
import getRawBody from 'raw-body';

export const BODY_LIMIT_BYTES = 100 * 1024;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'koa' {
  interface Request {
    body?: unknown;
    rawBody?: Buffer;
  }
}

/** Reads API bodies up to 100 KB, accepts only JSON, and keeps the raw bytes for signature checks. */
export function jsonBody(): Middleware {
  const read: Middleware = async (ctx, next) => {
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > BODY_LIMIT_BYTES) ctx.throw(413, `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`);
    const raw = await getRawBody(ctx.req, { limit: BODY_LIMIT_BYTES }).catch((error: { status?: number }) => {
      if (error.status === 413) return ctx.throw(413, `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`);
      return ctx.throw(400, 'The request body could not be read.');
    });
    ctx.request.rawBody = raw;
    if (raw.length === 0) {
      ctx.request.body = undefined;
      return next();
    }
    if (!ctx.is('application/json')) ctx.throw(415, 'Send the request body as JSON (Content-Type: application/json).');
    let body: unknown;
    let nul = false;
    try {
      body = JSON.parse(raw.toString('utf8'), (key, value: unknown) => {
        if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) nul = true;
        return value;
      });
    } catch {
      ctx.throw(400, 'The request body is not valid JSON.');
    }
    // Postgres cannot store a NUL character in text: refuse it here rather than fail in the database
    if (nul) ctx.throw(400, 'The request body contains a NUL character (\\u0000), which text fields cannot hold.');
    ctx.request.body = body;
    return next();
  };
  // a request without a body passes through without a promise of its own
  return (ctx, next) => (WITH_BODY.has(ctx.method) && ctx.path.startsWith('/api/') ? read(ctx, next) : next());
}
