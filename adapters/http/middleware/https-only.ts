import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';

/** Load balancers probe this over plain HTTP; it reads nothing but whether the database answers. */
const PLAIN_HTTP_ALLOWED = new Set(['/api/health']);

/**
 * Whether the request reached the site over HTTPS, as Koa's `ctx.protocol` reads it: the socket, or behind a trusted
 * proxy the first X-Forwarded-Proto value. Read from the raw request, without the list Koa makes of the header's
 * values: every request in production asks it.
 */
export function cameOverHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
  if (typeof proto !== 'string') return false;
  const comma = proto.indexOf(',');
  return (comma < 0 ? proto : proto.slice(0, comma)).trim() === 'https';
}

/**
 * In production every request must have reached the site over HTTPS (the socket, or X-Forwarded-Proto from a
 * trusted proxy). Anything else is answered before a session, a cookie or a row is touched: pages are sent to
 * the same path on PUBLIC_URL, API calls get 400 with a message saying why.
 */
export function insecureRefusal(publicUrl: string): (ctx: Context) => boolean {
  /** true when the request was answered here (refused) */
  return (ctx) => {
    if (cameOverHttps(ctx.req, ctx.app.proxy) || PLAIN_HTTP_ALLOWED.has(ctx.path)) return false;
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.status = 400;
      ctx.body = { message: `This site only answers over HTTPS. Use ${publicUrl}.`, code: 'HTTPS_REQUIRED' };
      return true;
    }
    ctx.status = 308;
    ctx.redirect(`${publicUrl}${ctx.originalUrl.startsWith('/') ? ctx.originalUrl : '/'}`);
    return true;
  };
}
