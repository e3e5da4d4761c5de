import type { Middleware } from 'koa';

/** Load balancers probe this over plain HTTP; it reads nothing but whether the database answers. */
const PLAIN_HTTP_ALLOWED = new Set(['/api/health']);

/**
 * In production every request must have reached the site over HTTPS (the socket, or X-Forwarded-Proto from a
 * trusted proxy). Anything else is answered before a session, a cookie or a row is touched: pages are sent to
 * the same path on PUBLIC_URL, API calls get 400 with a message saying why.
 */
export function httpsOnly(publicUrl: string): Middleware {
  return (ctx, next) => {
    if (ctx.protocol === 'https' || PLAIN_HTTP_ALLOWED.has(ctx.path)) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.status = 400;
      ctx.body = { message: `This site only answers over HTTPS. Use ${publicUrl}.`, code: 'HTTPS_REQUIRED' };
      return;
    }
    ctx.status = 308;
    ctx.redirect(`${publicUrl}${ctx.originalUrl.startsWith('/') ? ctx.originalUrl : '/'}`);
  };
}
