import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import { WITHDRAWAL_CONSENT } from '../../../core/purchases/model/withdrawal-consent.ts';
import { dashboardChartsQuerySchema, type StoreRulesDto } from '../contract/dashboard.ts';
import { sendJson } from '../json-response.ts';
import { requirePermission } from '../middleware/auth.ts';
import { presentDashboardCharts, presentReviewerFigures } from '../presenters/dashboard.ts';

/**
 * The admin dashboard's charts, one answer for all of them. `cachedCharts` answers from memory for a while when
 * nothing they read has changed (ListResponseCache, cached longer than a list: the figures move by the day).
 */
export function dashboardRoutes(
  router: Router,
  core: Core,
  cachedCharts: Middleware,
  settings: { gateway: StoreRulesDto['gateway']; mailHost: string | null },
): void {
  router.get('/api/dashboard/charts', requirePermission('view-purchases'), cachedCharts, async (ctx) => {
    const { days } = dashboardChartsQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    sendJson(ctx, presentDashboardCharts(await core.dashboard.charts.execute({ days })));
  });

  // votes and decisions per reviewer and kind, over the charts' window, cached as the charts are
  router.get('/api/dashboard/reviewers', requirePermission('view-purchases'), cachedCharts, async (ctx) => {
    const { days } = dashboardChartsQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    sendJson(ctx, presentReviewerFigures(await core.dashboard.reviewers.execute({ days })));
  });

  router.get('/api/dashboard/rules', requirePermission('view-purchases'), (ctx) => {
    const report = core.catalogue.checkPlatformRules.execute();
    const body: StoreRulesDto = {
      fivemListed: report.fivemListed,
      fivemListedSet: report.fivemListedSet,
      gateway: settings.gateway,
      purchaseTokens: report.purchaseTokens,
      withdrawalConsentVersion: WITHDRAWAL_CONSENT.version,
      mailHost: settings.mailHost,
      items: report.items.length,
      risks: report.items.flatMap((item) =>
        item.risks.map((risk) => ({ id: item.id, name: item.name, rule: risk.rule, why: risk.why })),
      ),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
