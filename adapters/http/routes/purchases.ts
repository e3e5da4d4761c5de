import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { purchasesQuerySchema, type RecentPurchasesResponse } from '../contract/purchases.ts';
import { requireRole } from '../middleware/auth.ts';
import { PurchaseNotFoundError } from '../../../core/purchases/purchase.ts';
import { presentPurchase, presentPurchaseList } from '../presenters/purchases.ts';

export function purchaseRoutes(router: Router, core: Core): void {
  router.get('/api/purchases', requireRole('admin'), async (ctx) => {
    const query = purchasesQuerySchema.parse(ctx.query);
    const { purchases, summary, nextBefore } = await core.purchases.list.execute(query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentPurchaseList(purchases, summary, nextBefore);
  });

  // public and anonymised: first name and initial, item, amount, relative time
  router.get('/api/purchases/recent', async (ctx) => {
    const body: RecentPurchasesResponse = { items: await core.purchases.recent.execute({ limit: 15 }) };
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = body;
  });

  router.get('/api/purchases/:id', requireRole('admin'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const reference = String(ctx.params.id);
    // purchase ids are UUIDs and payment intent ids `pi_` and letters: anything else cannot be one
    if (!/^[\w-]{1,255}$/.test(reference)) throw new PurchaseNotFoundError(reference.slice(0, 64));
    ctx.body = presentPurchase(await core.purchases.show.execute({ reference }));
  });
}
