import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { NotFoundError } from '../../../core/shared/errors.ts';
import type { PaymentAdapters } from '../../payments/payment-adapters.ts';
import type { Logger } from '../../logger.ts';

/** a payment event that named a purchase it did not pay: nothing changed; staff find it in `purchases list --status unmatched` */
export function logUnmatched(
  logger: Logger,
  provider: string,
  unmatched: { namedPurchaseId: string | null; reason: string },
): void {
  logger.warn({ provider, namedPurchaseId: unmatched.namedPurchaseId }, `Unmatched payment event: ${unmatched.reason}`);
}

/**
 * Stripe's deliveries, verified on the raw body; a bad or stale signature gets 400 and changes nothing. One-time
 * payments go to the purchases, subscription invoices and changes to the memberships.
 */
export function stripeWebhookRoutes(router: Router, core: Core, payments: PaymentAdapters, logger: Logger): void {
  router.post('/api/stripe/webhook', async (ctx) => {
    if (!payments.webhooks)
      throw new NotFoundError('WEBHOOKS_NOT_CONFIGURED', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
    const delivery = await payments.webhooks.parse(
      ctx.request.rawBody ?? Buffer.alloc(0),
      ctx.get('stripe-signature') || undefined,
    );
    if (delivery.kind === 'billing') {
      ctx.body = { received: true, applied: (await core.memberships.handleEvent.execute(delivery.event)).applied };
      return;
    }
    const result = await core.purchases.handleEvent.execute(delivery.event);
    if (result.unmatched) logUnmatched(logger, 'stripe', result.unmatched);
    ctx.body = { received: true, applied: result.applied };
  });
}
