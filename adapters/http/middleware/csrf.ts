import type { Middleware } from 'koa';
import { ForbiddenError } from '../../../core/shared/errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SAME_SITE_FETCH = new Set(['same-origin', 'none']);

/**
 * Refuses state-changing requests a browser says come from another origin (Sec-Fetch-Site or Origin).
 * Requests carrying neither header (webhooks, curl, other servers) pass: they carry no browser cookies
 * on someone's behalf.
 */
export function crossSiteProtection(publicUrl: string): Middleware {
  const publicOrigin = new URL(publicUrl).origin;
  return async (ctx, next) => {
    if (!STATE_CHANGING.has(ctx.method)) return next();
    const fetchSite = ctx.get('sec-fetch-site').toLowerCase();
    const origin = ctx.get('origin');
    // Koa 3's ctx.origin echoes the Origin header, so this server's own origin is built from protocol and host
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const crossSite = (fetchSite !== '' && !SAME_SITE_FETCH.has(fetchSite)) || (origin !== '' && origin !== ownOrigin && origin !== publicOrigin);
    if (crossSite) throw new ForbiddenError('CROSS_SITE_REQUEST', 'Requests from other sites are refused. Use this site directly.');
    return next();
  };
}
