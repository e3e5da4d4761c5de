import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import { dashboardChartsQuerySchema } from '../contract/dashboard.ts';
import { sendJson } from '../json-response.ts';
import { requirePermission } from '../middleware/auth.ts';
import { presentDashboardCharts } from '../presenters/dashboard.ts';

/**
 * The admin dashboard's charts, one answer for all of them. `cachedCharts` answers from memory for a while when
 * nothing they read has changed (ListResponseCache, cached longer than a list: the figures move by the day).
 */
export function dashboardRoutes(router: Router, core: Core, cachedCharts: Middleware): void {
  router.get('/api/dashboard/charts', requirePermission('view-purchases'), cachedCharts, async (ctx) => {
    const { days } = dashboardChartsQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    sendJson(ctx, presentDashboardCharts(await core.dashboard.charts.execute({ days })));
  });
}
