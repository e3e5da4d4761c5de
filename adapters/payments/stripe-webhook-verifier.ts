import type Stripe from 'stripe';
import { DomainError } from '../../core/shared/errors.ts';
import type { PaymentEvent } from '../../core/purchases/handle-payment-event.ts';
import { toPaymentIntent } from './stripe-payment-gateway.ts';

/** Signed webhook deliveries, verified (5-minute tolerance) and turned into the core's payment events. */
export class StripeWebhookVerifier {
  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
  ) {}

  /** Throws a DomainError of kind 'invalid' for a missing, wrong or stale signature. */
  parse(rawBody: Buffer | string, signature: string | undefined): PaymentEvent {
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
    return toPaymentEvent(event);
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
