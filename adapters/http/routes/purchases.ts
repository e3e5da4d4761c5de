import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { purchasesQuerySchema, type RecentPurchasesResponse } from '../contract/purchases.ts';
import { requireRole } from '../middleware/auth.ts';
import { presentPurchase, presentPurchaseList, presentRecentPurchase } from '../presenters/purchases.ts';

export function purchaseRoutes(router: Router, core: Core): void {
  router.get('/api/purchases', requireRole('admin'), async (ctx) => {
    const query = purchasesQuerySchema.parse(ctx.query);
    const { purchases, summary, nextBefore } = await core.purchases.list.execute(query);
    const deliveries = await core.delivery.forPurchases.execute(purchases.map((purchase) => purchase.id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentPurchaseList(purchases, summary, nextBefore, deliveries);
  });

  // public and anonymised: first name and initial, item, amount, and when (the UI shows it as a relative time)
  router.get('/api/purchases/recent', async (ctx) => {
    const body: RecentPurchasesResponse = {
      items: (await core.purchases.recent.execute({ limit: 15 })).map(presentRecentPurchase),
    };
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = body;
  });

  router.get('/api/purchases/:id', requireRole('admin'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const purchase = await core.purchases.show.execute({ reference: String(ctx.params.id) });
    const deliveries = await core.delivery.forPurchases.execute([purchase.id]);
    ctx.body = presentPurchase(purchase, deliveries.get(purchase.id));
  });
}
