import type Stripe from 'stripe';
import type { BillingEvent } from '../../core/memberships/ports.ts';
import { DomainError } from '../../core/shared/errors.ts';
import type { PaymentEvent } from '../../core/purchases/use-cases/handle-payment-event.ts';
import { stripeFailure, toPaymentIntent } from './stripe-payment-gateway.ts';
import { invoiceIntent, invoiceMonth, subscriptionStateOf, tierOfLookupKey } from './stripe-subscription-gateway.ts';

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

  /**
   * Subscription invoices and subscription changes; null for every other event. Stripe re-sends failed deliveries
   * for days, so an event may be older than the state it describes: where order matters the current object is read
   * from Stripe (a failed invoice paid since, a subscription changed or canceled since).
   */
  private async toBillingEvent(event: Stripe.Event): Promise<BillingEvent | null> {
    try {
      return await this.billingEventOf(event);
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  private async billingEventOf(event: Stripe.Event): Promise<BillingEvent | null> {
    const occurredAt = new Date(event.created * 1000);
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        let invoice = event.data.object;
        if (!invoice.parent?.subscription_details) return null;
        // a failure Stripe's retry has paid since is that payment, not a failure
        if (event.type === 'invoice.payment_failed' && invoice.id) {
          const now = await this.stripe.invoices.retrieve(invoice.id);
          if (now.status === 'paid') invoice = now;
        }
        const intentId = await invoiceIntent(this.stripe, invoice);
        let message = 'Your card was declined.';
        if (invoice.status !== 'paid' && intentId) {
          const intent = await this.stripe.paymentIntents.retrieve(intentId);
          message = intent.last_payment_error?.message ?? message;
        }
        const month = invoiceMonth(invoice, intentId);
        if (!month) return null;
        if (invoice.status === 'paid') {
          // a first month paid after its subscription was canceled: the pass starts and ends at once
          if (month.reason === 'start') {
            const subscription = await this.stripe.subscriptions.retrieve(month.subscriptionId).catch(() => null);
            if (subscription && subscriptionStateOf(subscription).status === 'ended')
              return { id: event.id, type: 'invoice_paid', invoice: { ...month, subscriptionEnded: true } };
          }
          return { id: event.id, type: 'invoice_paid', invoice: month };
        }
        return {
          id: event.id,
          occurredAt,
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
        // the subscription as it is now, whatever order its events arrive in
        const current = await this.stripe.subscriptions.retrieve(event.data.object.id).catch((error: unknown) => {
          if (stripeFailure(error).kind === 'not_found') return null;
          throw error;
        });
        if (!current || subscriptionStateOf(current).status === 'ended')
          return { id: event.id, occurredAt, type: 'subscription_deleted', subscriptionId: event.data.object.id };
        const item = current.items.data[0];
        return {
          id: event.id,
          occurredAt,
          current: true,
          type: 'subscription_updated',
          subscriptionId: current.id,
          cancelAtPeriodEnd: current.cancel_at_period_end,
          tierId: current.metadata?.tierId ?? tierOfLookupKey(item?.price.lookup_key),
          currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
        };
      }
      case 'customer.subscription.deleted':
        return { id: event.id, occurredAt, type: 'subscription_deleted', subscriptionId: event.data.object.id };
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
      // a partial refund leaves the purchase as it is: only a full refund removes the tokens
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
