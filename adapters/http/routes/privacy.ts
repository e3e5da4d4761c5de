import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Core } from '../../../core/index.ts';
import { erasureConfirmationSchema } from '../contract/privacy.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { noBody } from '../middleware/no-body.ts';
import { endSession } from '../middleware/session.ts';
import { exportFileName, presentErasure, presentMyPrivacy, presentPersonalData } from '../presenters/privacy.ts';

/**
 * The signed-in player's rights over their data (decision 0105): what they asked and what a deletion would do, a copy
 * of everything held about them, and the deletion of their account. Each acts on the session's user alone; the two
 * POSTs pass the same-origin check every write does.
 */
export function privacyRoutes(router: Router, core: Core): void {
  const { privacy } = core;
  if (!privacy) return;

  router.get('/api/user/privacy', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMyPrivacy(await privacy.showMine.execute(currentUser(ctx).id));
  });

  router.post('/api/user/privacy/export', requireUser(), async (ctx) => {
    noBody(ctx as Context);
    const data = await privacy.exportData.execute({ userId: currentUser(ctx).id, channel: 'web' });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(data)}"`);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = `${JSON.stringify(presentPersonalData(data), null, 2)}\n`;
  });

  router.post('/api/user/privacy/erase', requireUser(), async (ctx) => {
    // nothing is recorded or changed without the typed confirmation: a 400 naming what to type
    erasureConfirmationSchema.parse(ctx.request.body ?? {});
    const outcome = await privacy.erase.execute({ userId: currentUser(ctx).id, channel: 'web' });
    // its sessions are gone from the store: this browser's cookie goes with them
    if (outcome.erased) endSession(ctx as Context);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = outcome.erased ? 200 : 202;
    ctx.body = presentErasure(outcome);
  });
}
