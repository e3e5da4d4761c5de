import type Stripe from 'stripe';
import type { BillingEvent } from '../../core/memberships/ports.ts';
import { DomainError } from '../../core/shared/errors.ts';
import type { PaymentEvent } from '../../core/purchases/handle-payment-event.ts';
import { stripeFailure, toPaymentIntent } from './stripe-payment-gateway.ts';
import { invoiceIntent, invoiceMonth, tierOfLookupKey } from './stripe-subscription-gateway.ts';

/** A verified delivery: a one-time payment's event, or a membership's billing event. */
export type StripeDelivery = { kind: 'payment'; event: PaymentEvent } | { kind: 'billing'; event: BillingEvent };

/** Signed webhook deliveries, verified (5-minute tolerance) and turned into the core's payment or billing events. */
export class StripeWebhookVerifier {
  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
  ) {}

  /** Throws a DomainError of kind 'invalid' for a missing, wrong or stale signature. */
  async parse(rawBody: Buffer | string, signature: string | undefined): Promise<StripeDelivery> {
    if (!signature) throw new DomainError('WEBHOOK_SIGNATURE_MISSING', 'invalid', 'Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.secret, 300);
    } catch (error) {
      throw new DomainError(
        'WEBHOOK_SIGNATURE_INVALID',
        'invalid',
        `Webhook signature verification failed: ${(error as Error).message}`,
      );
    }
    const billing = await this.toBillingEvent(event);
    return billing ? { kind: 'billing', event: billing } : { kind: 'payment', event: toPaymentEvent(event) };
  }

  /** Subscription invoices and subscription changes; null for every other event. */
  private async toBillingEvent(event: Stripe.Event): Promise<BillingEvent | null> {
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        if (!invoice.parent?.subscription_details) return null;
        let intentId: string | null;
        let message = 'Your card was declined.';
        try {
          intentId = await invoiceIntent(this.stripe, invoice);
          if (event.type === 'invoice.payment_failed' && intentId) {
            const intent = await this.stripe.paymentIntents.retrieve(intentId);
            message = intent.last_payment_error?.message ?? message;
          }
        } catch (error) {
          throw stripeFailure(error);
        }
        const month = invoiceMonth(invoice, intentId);
        if (!month) return null;
        if (event.type === 'invoice.paid') return { id: event.id, type: 'invoice_paid', invoice: month };
        return {
          id: event.id,
          type: 'invoice_failed',
          subscriptionId: month.subscriptionId,
          invoiceId: month.invoiceId,
          intentId,
          reason: month.reason,
          periodStart: month.periodStart,
          periodEnd: month.periodEnd,
          tierId: month.tierId,
          amountCents: month.amountCents,
          message,
        };
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const item = subscription.items.data[0];
        return {
          id: event.id,
          type: 'subscription_updated',
          subscriptionId: subscription.id,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          tierId: subscription.metadata?.tierId ?? tierOfLookupKey(item?.price.lookup_key),
          currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
        };
      }
      case 'customer.subscription.deleted':
        return { id: event.id, type: 'subscription_deleted', subscriptionId: event.data.object.id };
      default:
        return null;
    }
  }
}

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { id: event.id, type: 'payment_succeeded', intent: toPaymentIntent(event.data.object) };
    case 'payment_intent.payment_failed':
      return {
        id: event.id,
        type: 'payment_failed',
        intentId: event.data.object.id,
        reason: event.data.object.last_payment_error?.message ?? 'The payment failed.',
      };
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      // a partial refund leaves the purchase as it is: only a full refund takes the tokens back
      if (!intentId || !charge.refunded) return { id: event.id, type: 'other', name: event.type };
      return { id: event.id, type: 'refunded', intentId, reason: 'Refunded through Stripe' };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!intentId) return { id: event.id, type: 'other', name: event.type };
      return { id: event.id, type: 'disputed', intentId, reason: dispute.reason };
    }
    default:
      return { id: event.id, type: 'other', name: event.type };
  }
}
