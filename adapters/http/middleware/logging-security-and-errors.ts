import { randomUUID } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from '../../logger.ts';
import { errorResponse } from './errors.ts';
import { insecureRefusal } from './https-only.ts';
import { requestLine } from './request-log.ts';
import { protectiveHeaders } from './security-headers.ts';

/** A cache of responses this step sends at once, before the rest of the pipeline (see cached-response.ts). */
export interface SentFromMemory {
  /** sends the response cached for this request, when there is one; whether it did */
  sendIfCached(ctx: Context): boolean;
}

/**
 * What every request passes first, in one step rather than four: its request id and log line (written whatever
 * happens), the protective headers, in production the refusal of anything that did not come over HTTPS, and every
 * failure turned into the JSON error body (a 500 never carries a stack trace). Once the server is stopping, every
 * answer closes its connection: one still being worked on when the stop began as well.
 *
 * A response cached in memory (`cached`, tried in order) is sent from here, after the refusal, with its line written,
 * by a plain function that returns no promise: such a request makes no promise, microtask or await of its own in this
 * step. The caches' own steps further on cache what the app sends.
 */
export function loggingSecurityAndErrors(deps: {
  logger: Logger;
  production: boolean;
  publicUrl: string;
  stopping?: () => boolean;
  cached?: readonly SentFromMemory[];
}): Middleware {
  const line = requestLine(deps.logger);
  const headers = protectiveHeaders(deps.production);
  const respondWithError = errorResponse(deps.logger);
  const refuseInsecure = deps.production ? insecureRefusal(deps.publicUrl) : () => false;
  const stopping = deps.stopping ?? (() => false);
  const caches = deps.cached ?? [];
  // an address with a control character is never cached (urlGuard answers it 400 before any cache stores a response)
  const sentFromMemory = (ctx: Context): boolean => {
    for (const cache of caches) if (cache.sendIfCached(ctx)) return true;
    return false;
  };
  /** once the answer is made (none are set on a response already sent), so that no route's headers replace them */
  const protect = (ctx: Context) => {
    headers.apply(ctx);
    if (stopping()) ctx.set('Connection', 'close');
  };
  const throughTheApp = async (ctx: Context, next: Next, requestId: string, started: bigint) => {
    try {
      try {
        await next();
      } catch (error) {
        respondWithError(ctx, error);
      }
      protect(ctx);
    } finally {
      line(requestId, ctx.method, ctx.path, ctx.status, started);
    }
  };
  return (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    let viaApp = false;
    try {
      try {
        // set before the answer, which a response cached in memory sends at once (see cached-response.ts)
        if (stopping()) ctx.res.setHeader('Connection', 'close');
        if (refuseInsecure(ctx)) protect(ctx);
        else if (!sentFromMemory(ctx)) {
          viaApp = true;
          return throughTheApp(ctx, next, requestId, started);
        }
      } catch (error) {
        respondWithError(ctx, error);
        protect(ctx);
      }
      return undefined;
    } finally {
      // the app's way writes its own line when it has answered
      if (!viaApp) line(requestId, ctx.method, ctx.path, ctx.status, started);
    }
  };
}
