import type { Context, Middleware } from 'koa';
import { ForbiddenError } from '../../../core/shared/errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** writes must come from this very origin (or no page at all: a typed address, a bookmark) */
const SAME_ORIGIN_FETCH = new Set(['same-origin', 'none']);
/** a navigation may also come from this site's other hosts */
const SAME_SITE_FETCH = new Set(['same-origin', 'same-site', 'none']);

/**
 * Refuses state-changing requests a browser says come from another origin (Sec-Fetch-Site or Origin).
 * Requests carrying neither header (webhooks, curl, other servers) pass: they carry no browser cookies
 * on someone's behalf.
 */
export function crossSiteProtection(publicUrl: string): Middleware {
  const publicOrigin = new URL(publicUrl).origin;
  // plain functions, not async ones: a read passes through without a promise of its own
  return (ctx, next) => {
    if (!STATE_CHANGING.has(ctx.method)) return next();
    if (isCrossSite(ctx, publicOrigin, SAME_ORIGIN_FETCH))
      throw new ForbiddenError('CROSS_SITE_REQUEST', 'Requests from other sites are refused. Use this site directly.');
    return next();
  };
}

/**
 * Whether the browser says the request was started by another site: a Sec-Fetch-Site outside `allowed`, or an
 * Origin that is neither this server's nor `publicOrigin` (PUBLIC_URL's). A request with neither header counts as this site's.
 */
export function isCrossSite(
  ctx: Context,
  publicOrigin: string,
  allowed: ReadonlySet<string> = SAME_SITE_FETCH,
): boolean {
  const fetchSite = ctx.get('sec-fetch-site').toLowerCase();
  const origin = ctx.get('origin');
  // Koa 3's ctx.origin echoes the Origin header, so this server's own origin is built from protocol and host
  const ownOrigin = `${ctx.protocol}://${ctx.host}`;
  return (
    (fetchSite !== '' && !allowed.has(fetchSite)) || (origin !== '' && origin !== ownOrigin && origin !== publicOrigin)
  );
}
