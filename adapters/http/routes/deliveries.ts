import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { deliveriesQuerySchema, type DeliveriesResponse, type RetryDeliveryResponse } from '../contract/deliveries.ts';
import { requirePermission } from '../middleware/auth.ts';
import { secondFactorGuard } from '../middleware/second-factor.ts';
import { presentDelivery } from '../presenters/deliveries.ts';

export function deliveryRoutes(router: Router, core: Core): void {
  router.get('/api/deliveries', requirePermission('view-purchases'), async (ctx) => {
    const query = deliveriesQuerySchema.parse(ctx.query);
    const body: DeliveriesResponse = { deliveries: (await core.delivery.list.execute(query)).map(presentDelivery) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post(
    '/api/deliveries/:id/retry',
    requirePermission('refund'),
    secondFactorGuard(core)('refund'),
    async (ctx) => {
      const body: RetryDeliveryResponse = {
        delivery: presentDelivery(await core.delivery.retry.execute(String(ctx.params.id))),
      };
      ctx.body = body;
    },
  );
}
