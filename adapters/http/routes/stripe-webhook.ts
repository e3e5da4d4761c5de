import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { NotFoundError } from '../../../core/shared/errors.ts';
import type { PaymentAdapters } from '../../payments/payment-adapters.ts';

/**
 * Stripe's deliveries, verified on the raw body; a bad or stale signature gets 400 and changes nothing. One-time
 * payments go to the purchases, subscription invoices and changes to the memberships.
 */
export function stripeWebhookRoutes(router: Router, core: Core, payments: PaymentAdapters): void {
  router.post('/api/stripe/webhook', async (ctx) => {
    if (!payments.webhooks)
      throw new NotFoundError('WEBHOOKS_NOT_CONFIGURED', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
    const delivery = await payments.webhooks.parse(
      ctx.request.rawBody ?? Buffer.alloc(0),
      ctx.get('stripe-signature') || undefined,
    );
    const result =
      delivery.kind === 'billing'
        ? await core.memberships.handleEvent.execute(delivery.event)
        : await core.purchases.handleEvent.execute(delivery.event);
    ctx.body = { received: true, applied: result.applied };
  });
}
