import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../logger.ts';

/** One line per request: method, path without the query string (it can carry OAuth codes), status, time. */
export function requestLog(logger: Logger): Middleware {
  // these lines hold only fixed, non-secret fields: they skip the redaction walk every other line gets
  const lines = logger.child({}, { redact: [] });
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      lines.info(
        { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
