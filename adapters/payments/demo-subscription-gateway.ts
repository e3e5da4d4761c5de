import { createHash } from 'node:crypto';
import type {
  ChargeRequest,
  PaidInvoice,
  RenewalCharges,
  StartSubscriptionRequest,
  SubscriptionCancellation,
  SubscriptionCapabilities,
  SubscriptionGateway,
  SubscriptionTierChanges,
} from '../../core/memberships/ports.ts';
import type { PaymentIntent } from '../../core/purchases/ports.ts';
import { ConflictError } from '../../core/shared/errors.ts';
import {
  CARD_KEY,
  DEMO_CARDS,
  type DemoIntentStore,
  type DemoPaymentGateway,
  storeIntentOnce,
} from './demo-payment-gateway.ts';

/**
 * Memberships without a provider: the site keeps the subscription's state itself and its scheduler renews what
 * is due, charging the card that paid the first month (4000 0000 0000 0341 pays once, then declines every
 * renewal and upgrade, as at Stripe).
 */
export class DemoSubscriptionGateway
  implements SubscriptionGateway, SubscriptionCancellation, SubscriptionTierChanges, RenewalCharges
{
  readonly mode = 'demo' as const;
  readonly capabilities: SubscriptionCapabilities = { cancellation: this, tierChanges: this, renewalCharges: this };

  constructor(
    private readonly payments: DemoPaymentGateway,
    private readonly store: DemoIntentStore,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  async start(request: StartSubscriptionRequest): Promise<{ subscriptionId: string; intent: PaymentIntent }> {
    const subscriptionId = `sub_demo_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
    const intent = await this.payments.createIntent({
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      metadata: { ...request.metadata, subscriptionId },
      idempotencyKey: request.idempotencyKey,
    });
    return { subscriptionId, intent };
  }

  // the site's own membership row is the subscription: nothing to tell a provider
  async setCancelAtPeriodEnd(): Promise<void> {}
  async cancelNow(): Promise<void> {}
  async scheduleTier(): Promise<void> {}

  async upgrade(
    request: ChargeRequest & { tierId: string; periodStart: Date; periodEnd: Date; paymentRef: string | null },
  ): Promise<PaidInvoice> {
    if (!request.paymentRef) throw new ConflictError('NO_SAVED_CARD', 'There is no saved card to charge.');
    const intent = await this.charge(request.paymentRef, request);
    if (intent.status !== 'succeeded')
      throw new ConflictError(
        'CARD_ERROR',
        `${intent.failureMessage ?? 'Your card was declined.'} Your tier is unchanged.`,
      );
    return {
      subscriptionId: request.subscriptionId,
      invoiceId: intent.id,
      intentId: intent.id,
      reason: 'upgrade',
      tierId: request.tierId,
      amountCents: intent.amountCents,
      periodStart: request.periodStart,
      periodEnd: request.periodEnd,
    };
  }

  chargeRenewal(paymentRef: string, request: ChargeRequest): Promise<PaymentIntent> {
    return this.charge(paymentRef, request);
  }

  /** One charge per idempotency key, to the card of the intent `paymentRef`. */
  private async charge(paymentRef: string, request: ChargeRequest): Promise<PaymentIntent> {
    const saved = await this.store.findById(paymentRef);
    const card = saved?.metadata[CARD_KEY] ?? null;
    const declined = !card || card === DEMO_CARDS.declinesLaterCharges.slice(-4);
    return storeIntentOnce(this.store, {
      status: declined ? 'requires_payment_method' : 'succeeded',
      amountCents: request.amountCents,
      currency: request.currency,
      metadata: { ...request.metadata, ...(card && !declined ? { [CARD_KEY]: card } : {}) },
      failureMessage: declined ? 'Your card was declined.' : null,
      idempotencyKey: request.idempotencyKey,
      refunded: false,
      createdAt: this.clock.now(),
    });
  }
}
