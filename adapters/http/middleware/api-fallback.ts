import type { Middleware } from 'koa';
import type { ErrorBody } from '../contract/errors.ts';

/**
 * What an API request no route answered gets: the JSON error body, around @koa/router's `allowedMethods()`, which
 * runs inside it and decides the answer (405 for a method a route on that path lacks, 501 for a method no route
 * can have, 200 to OPTIONS) and sets `Allow`; this only words the body. Anything else is a 404. Paths outside
 * /api pass on to the pages.
 */
export function apiFallback(): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    await next();
    const allow = ctx.response.get('Allow');
    let body: ErrorBody | undefined;
    if (ctx.status === 405)
      body = { message: `${ctx.method} is not allowed on ${ctx.path}. Use ${allow}.`, code: 'METHOD_NOT_ALLOWED' };
    else if (ctx.status === 501)
      body = {
        message: `${ctx.method} is not a method this site answers${allow ? `; ${ctx.path} takes ${allow}` : ''}.`,
        code: 'NOT_IMPLEMENTED',
      };
    else if (ctx.status === 404 && ctx.body == null) {
      ctx.status = 404;
      body = { message: `No API route ${ctx.method} ${ctx.path}.`, code: 'NOT_FOUND' };
    }
    if (body) ctx.body = body;
  };
}
