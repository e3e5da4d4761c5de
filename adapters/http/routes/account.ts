import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import {
  type MyAccessDto,
  myPurchasesQuerySchema,
  type MyPurchaseDto,
  type MyPurchasesResponse,
} from '../contract/account.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { presentMyPurchase, presentMyPurchases } from '../presenters/account.ts';
import { byPurchase } from '../presenters/grants.ts';

/** The signed-in player's own purchases; the buyer is always the session's user, so another's never shows. */
export function accountRoutes(router: Router, core: Core): void {
  router.get('/api/user/access', requireUser(), async (ctx) => {
    const access = await core.game.access.execute(currentUser(ctx).discordId);
    const body: MyAccessDto = {
      whitelisted: access.whitelisted,
      priority: access.priority,
      tierName: access.tier ? core.catalogue.find.execute({ id: access.tier, type: 'whitelist' }).name : null,
      banned: access.banned,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.get('/api/user/purchases', requireUser(), async (ctx) => {
    const query = myPurchasesQuerySchema.parse(ctx.query);
    const page = await core.purchases.mine.execute({ buyerId: currentUser(ctx).id, ...query });
    const ids = page.purchases.map((mine) => mine.purchase.id);
    const deliveries = await core.delivery.forPurchases.execute(ids);
    const grants = byPurchase(await core.grants.show.execute(ids));
    const body: MyPurchasesResponse = presentMyPurchases(page, deliveries, currentUser(ctx).id, grants);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  // the post-payment page and a receipt: one purchase by its id or its transaction id
  router.get('/api/user/purchases/:reference', requireUser(), async (ctx) => {
    const mine = await core.purchases.showMine.execute({
      reference: String(ctx.params.reference),
      buyerId: currentUser(ctx).id,
    });
    const deliveries = await core.delivery.forPurchases.execute([mine.purchase.id]);
    const grants = await core.grants.show.execute([mine.purchase.id]);
    const body: MyPurchaseDto = presentMyPurchase(
      mine,
      deliveries.get(mine.purchase.id) ?? [],
      currentUser(ctx).id,
      grants,
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
