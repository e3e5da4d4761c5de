import Router from '@koa/router';
import type { Middleware } from 'koa';

/** `auth` for /api/auth/user; '' for a path outside /api/ */
function firstSegment(path: string): string {
  if (!path.startsWith('/api/')) return '';
  const end = path.indexOf('/', 5);
  return path.slice(5, end < 0 ? path.length : end);
}

/**
 * The router's routes looked up by the first segment of their path after /api/, so a request is matched against
 * the few routes of its area (auth, purchases, players...) instead of every route of the site, each with its
 * regular expression (and the router's debug call for each), and a request outside a router's areas passes it at
 * once. What runs for a request is unchanged: the same layers, in the order they were registered. Every route must
 * start with a fixed segment after /api/.
 */
export function routesByArea(router: Router): Middleware {
  const areas = new Map<string, Router>();
  for (const layer of router.stack) {
    const segment = typeof layer.path === 'string' ? firstSegment(layer.path) : '';
    if (!/^[a-z0-9.-]+$/i.test(segment))
      throw new Error(`Route ${String(layer.path)} does not start with a fixed segment after /api/.`);
    let area = areas.get(segment);
    if (!area) {
      area = new Router();
      areas.set(segment, area);
    }
    area.stack.push(layer);
  }
  const dispatch = new Map([...areas].map(([segment, area]) => [segment, area.routes() as unknown as Middleware]));
  const byArea: Middleware = (ctx, next) => {
    const routes = dispatch.get(firstSegment(ctx.path));
    return routes ? routes(ctx, next) : next();
  };
  // as @koa/router's own middleware does: whoever reads the app's routes (the authorization matrix) finds them all
  return Object.assign(byArea, { router });
}
