import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { displayName } from '../../../core/users/model/user.ts';
import {
  grantCancelSchema,
  grantDoneSchema,
  type GrantResponse,
  grantsQuerySchema,
  type GrantsResponse,
} from '../contract/grants.ts';
import { currentUser, requirePermission } from '../middleware/auth.ts';
import { secondFactorGuard } from '../middleware/second-factor.ts';
import { presentGrant } from '../presenters/grants.ts';

/**
 * What purchases give in the game, for staff: the grants and their timelines, and the hand-work on one (send it again,
 * mark it done by hand, cancel it), which takes the refund permission, as a Discord delivery's retry does.
 */
export function grantRoutes(router: Router, core: Core): void {
  const guard = secondFactorGuard(core)('refund');

  router.get('/api/grants', requirePermission('view-purchases'), async (ctx) => {
    const query = grantsQuerySchema.parse(ctx.query);
    const grants = await core.grants.list.execute({
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.player ? { userId: query.player } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
    const body: GrantsResponse = { grants: grants.map(presentGrant) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.get('/api/grants/:id', requirePermission('view-purchases'), async (ctx) => {
    const body: GrantResponse = { grant: presentGrant(await core.grants.find.execute(String(ctx.params.id))) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/grants/:id/resend', requirePermission('refund'), guard, async (ctx) => {
    const again = await core.grants.resend.execute({
      grantId: String(ctx.params.id),
      actor: displayName(currentUser(ctx)),
    });
    const body: GrantResponse = { grant: presentGrant(await core.grants.find.execute(again.id)) };
    ctx.body = body;
  });

  router.post('/api/grants/:id/done', requirePermission('refund'), guard, async (ctx) => {
    const { note } = grantDoneSchema.parse(ctx.request.body ?? {});
    const done = await core.grants.markDone.execute({
      grantId: String(ctx.params.id),
      note,
      actor: displayName(currentUser(ctx)),
    });
    const body: GrantResponse = { grant: presentGrant(await core.grants.find.execute(done.id)) };
    ctx.body = body;
  });

  router.post('/api/grants/:id/cancel', requirePermission('refund'), guard, async (ctx) => {
    const { reason } = grantCancelSchema.parse(ctx.request.body ?? {});
    const cancelled = await core.grants.cancel.execute({
      grantId: String(ctx.params.id),
      ...(reason ? { reason } : {}),
      actor: displayName(currentUser(ctx)),
    });
    const body: GrantResponse = { grant: presentGrant(await core.grants.find.execute(cancelled.id)) };
    ctx.body = body;
  });
}
