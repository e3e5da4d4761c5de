import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import { csvLines } from '../../export/csv.ts';
import { CREATOR_REPORT_COLUMNS, creatorReportRecords } from '../../export/creator-report-export.ts';
import {
  addCreatorSchema,
  type CreatorCodeCheckDto,
  creatorReportQuerySchema,
  type CreatorsResponse,
} from '../contract/creators.ts';
import { currentUser, requirePermission, requireUser } from '../middleware/auth.ts';
import { presentCreator, presentCreatorReport, presentMyCreator } from '../presenters/creators.ts';

/** a creator as listed: with their account */
async function listed(core: Core, code: string) {
  const found = (await core.creators.list.execute()).find((creator) => creator.code === code);
  if (!found) throw new Error(`creator ${code} is gone`);
  return presentCreator(found);
}

/**
 * Creators for admins (register, disable, the month's report), the code check a buyer's checkout form makes as they
 * type (`codeChecks` limits it against guessing), and a creator's own figures.
 */
export function creatorRoutes(router: Router, core: Core, codeChecks: Middleware): void {
  router.get('/api/creators', requirePermission('manage-promotions'), async (ctx) => {
    const body: CreatorsResponse = { creators: (await core.creators.list.execute()).map(presentCreator) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/creators', requirePermission('manage-promotions'), async (ctx) => {
    const input = addCreatorSchema.parse(ctx.request.body ?? {});
    const creator = await core.creators.register.execute(input);
    ctx.status = 201;
    ctx.body = await listed(core, creator.code);
  });

  router.get('/api/creators/report', requirePermission('manage-promotions'), async (ctx) => {
    const { month } = creatorReportQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentCreatorReport(await core.creators.report.execute({ month }));
  });

  router.get('/api/creators/report.csv', requirePermission('manage-promotions'), async (ctx) => {
    const { month } = creatorReportQuerySchema.parse(ctx.query);
    const report = presentCreatorReport(await core.creators.report.execute({ month }));
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="creators-${report.month}.csv"`);
    ctx.body = `${csvLines(CREATOR_REPORT_COLUMNS, creatorReportRecords(report)).join('\r\n')}\r\n`;
  });

  router.post('/api/creators/:code/disable', requirePermission('manage-promotions'), async (ctx) => {
    const creator = await core.creators.disable.execute({ code: String(ctx.params.code) });
    ctx.body = await listed(core, creator.code);
  });

  router.get('/api/creator-codes/:code', requireUser(), codeChecks, async (ctx) => {
    const creator = await core.creators.check.execute({
      code: String(ctx.params.code),
      buyerId: currentUser(ctx).id,
    });
    const body: CreatorCodeCheckDto = { code: creator.code };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.get('/api/user/creator', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMyCreator(await core.creators.mine.execute({ userId: currentUser(ctx).id }));
  });
}
