import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { deliveriesQuerySchema, type DeliveriesResponse, type RetryDeliveryResponse } from '../contract/deliveries.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { presentDelivery, presentMyPurchase } from '../presenters/deliveries.ts';

export function deliveryRoutes(router: Router, core: Core): void {
  router.get('/api/deliveries', requireRole('admin'), async (ctx) => {
    const query = deliveriesQuerySchema.parse(ctx.query);
    const body: DeliveriesResponse = { deliveries: (await core.delivery.list.execute(query)).map(presentDelivery) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/deliveries/:id/retry', requireRole('admin'), async (ctx) => {
    const body: RetryDeliveryResponse = {
      delivery: presentDelivery(await core.delivery.retry.one(String(ctx.params.id))),
    };
    ctx.body = body;
  });

  // the post-payment page: the buyer's own purchase and whether the bot granted its role
  router.get('/api/user/purchases/:reference', requireUser(), async (ctx) => {
    const purchase = await core.purchases.show.execute({
      reference: String(ctx.params.reference),
      buyerId: currentUser(ctx).id,
    });
    const deliveries = await core.delivery.forPurchases.execute([purchase.id]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMyPurchase(purchase, deliveries.get(purchase.id) ?? []);
  });
}
