import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../logger.ts';
import { errorResponse } from './errors.ts';
import { insecureRefusal } from './https-only.ts';
import { requestLine } from './request-log.ts';
import { protectiveHeaders } from './security-headers.ts';

/**
 * What every request passes first, in one step rather than four: its request id and log line (written whatever
 * happens), the protective headers, in production the refusal of anything that did not come over HTTPS, and every
 * failure turned into the JSON error body (a 500 never carries a stack trace). Once the server is stopping, every
 * answer closes its connection: one still being worked on when the stop began as well.
 */
export function loggingSecurityAndErrors(deps: {
  logger: Logger;
  production: boolean;
  publicUrl: string;
  stopping?: () => boolean;
}): Middleware {
  const line = requestLine(deps.logger);
  const headers = protectiveHeaders(deps.production);
  const respondWithError = errorResponse(deps.logger);
  const refuseInsecure = deps.production ? insecureRefusal(deps.publicUrl) : () => false;
  const stopping = deps.stopping ?? (() => false);
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    try {
      // set before the answer, which a response cached in memory sends at once (see cached-response.ts)
      if (stopping()) ctx.res.setHeader('Connection', 'close');
      try {
        if (!refuseInsecure(ctx)) await next();
      } catch (error) {
        respondWithError(ctx, error);
      }
      // once the route has answered, so that no route's headers replace them (nothing when a cached response was sent)
      headers.apply(ctx);
      if (stopping()) ctx.set('Connection', 'close');
    } finally {
      line(requestId, ctx.method, ctx.path, ctx.status, started);
    }
  };
}
