import Stripe from 'stripe';
import { DomainError } from '../../core/shared/errors.ts';
import type {
  CreateIntentRequest,
  IntentChanges,
  IntentStatus,
  PaymentCapabilities,
  PaymentGateway,
  PaymentIntent,
  PaymentRefunds,
} from '../../core/purchases/ports.ts';

export interface StripeSettings {
  secretKey: string;
  /** another Stripe-compatible endpoint, e.g. http://127.0.0.1:12111 (a local mock); Stripe's own when unset */
  apiBase?: string;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** A call to Stripe whose failure is thrown as the core's error (see `stripeFailure`). */
export async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** Stripe's failures as the core's errors, in words a buyer or an admin can act on. */
export function stripeFailure(error: unknown): DomainError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new DomainError(
      'PAYMENT_PROVIDER_ERROR',
      'unavailable',
      'The payment provider could not be reached. Please try again.',
    );
  }
  const detail = error.message;
  switch (error.type) {
    case 'StripeCardError':
      return new DomainError('CARD_ERROR', 'conflict', detail || 'Your card was declined.');
    case 'StripeInvalidRequestError':
      if (error.code === 'resource_missing')
        return new DomainError(
          'PAYMENT_INTENT_NOT_FOUND',
          'not_found',
          'The payment provider has no record of this payment.',
        );
      if (error.code === 'payment_intent_unexpected_state') {
        return new DomainError(
          'PAYMENT_INTENT_UNEXPECTED_STATE',
          'conflict',
          'This payment has moved on: it is being paid, or was paid or canceled. Reload the page to see where it stands.',
        );
      }
      return new DomainError(
        'PAYMENT_REQUEST_INVALID',
        'conflict',
        `The payment provider refused the request: ${detail}`,
      );
    case 'StripeIdempotencyError':
      return new DomainError(
        'PAYMENT_IDEMPOTENCY_CONFLICT',
        'conflict',
        `The payment provider refused a repeated request: ${detail}`,
      );
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new DomainError(
        'PAYMENT_PROVIDER_CREDENTIALS',
        'unavailable',
        'Card payments are unavailable: the payment provider refused our credentials.',
      );
    case 'StripeRateLimitError':
      return new DomainError(
        'PAYMENT_PROVIDER_BUSY',
        'unavailable',
        'The payment provider is busy. Please try again in a moment.',
      );
    case 'StripeConnectionError':
      return new DomainError(
        'PAYMENT_PROVIDER_UNREACHABLE',
        'unavailable',
        'The payment provider could not be reached. Please try again.',
      );
    default:
      return new DomainError('PAYMENT_PROVIDER_ERROR', 'unavailable', `The payment provider failed: ${detail}`);
  }
}

export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    failureMessage: intent.last_payment_error?.message ?? null,
    // what was actually taken, for a payment that went through
    ...(intent.status === 'succeeded' ? { amountReceivedCents: intent.amount_received } : {}),
  };
}

/** Card payments through Stripe PaymentIntents: cents, USD, metadata naming the purchase, idempotency keys, retries. */
export class StripePaymentGateway implements PaymentGateway, PaymentRefunds {
  readonly capabilities: PaymentCapabilities = { refunds: this };
  readonly mode = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createIntent(request: CreateIntentRequest): Promise<PaymentIntent> {
    return viaStripe(async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          metadata: request.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toPaymentIntent(intent);
    });
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return viaStripe(async () => toPaymentIntent(await this.stripe.paymentIntents.retrieve(id)));
  }

  /** Stripe refuses it (400, payment_intent_unexpected_state) once the intent is processing, paid or canceled. */
  async updateIntent(id: string, changes: IntentChanges): Promise<PaymentIntent> {
    const params: Stripe.PaymentIntentUpdateParams = {};
    if (changes.amountCents !== undefined) params.amount = changes.amountCents;
    if (changes.description !== undefined) params.description = changes.description;
    if (changes.metadata !== undefined) params.metadata = changes.metadata;
    return viaStripe(async () => toPaymentIntent(await this.stripe.paymentIntents.update(id, params)));
  }

  async refund(intentId: string, options: { idempotencyKey: string; reason: string }): Promise<{ id: string }> {
    return viaStripe(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: intentId, reason: 'requested_by_customer', metadata: { note: options.reason.slice(0, 500) } },
        { idempotencyKey: options.idempotencyKey },
      );
      return { id: refund.id };
    });
  }
}
