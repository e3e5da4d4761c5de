import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { BillingEvent } from '../../../core/memberships/ports.ts';
import type { PaymentEvent } from '../../../core/purchases/handle-payment-event.ts';
import type { Purchase } from '../../../core/purchases/purchase.ts';
import { DomainError } from '../../../core/shared/errors.ts';
import type { TebexPackageMap } from './tebex-packages.ts';

/** Tebex's own webhook senders (its documentation); an owner may allow only these. */
export const TEBEX_WEBHOOK_SOURCES = ['18.209.80.3', '54.87.231.232'] as const;

/** a payment as Tebex's webhooks carry it (the fields the store reads) */
interface TebexPayment {
  transaction_id: string;
  created_at?: string;
  price?: { amount: number; currency: string };
  products?: Array<{ id: number; name?: string; quantity?: number; base_price?: { amount: number; currency: string } }>;
  recurring_payment_reference?: string | null;
  decline_reason?: { code?: string; message?: string } | null;
  custom?: Record<string, unknown> | null;
}

interface TebexRecurringPayment {
  reference: string;
  next_payment_at?: string | null;
  initial_payment?: TebexPayment | null;
  last_payment?: TebexPayment | null;
}

interface TebexWebhook {
  id: string;
  type: string;
  date?: string;
  subject: unknown;
}

export type TebexDelivery =
  | { kind: 'validation'; id: string }
  | { kind: 'payment'; event: PaymentEvent }
  | { kind: 'billing'; event: BillingEvent }
  | { kind: 'ignored'; type: string };

/** How the translation finds the site's purchases: by id (a basket's custom data) and by payment reference. */
export interface TebexPurchaseLookup {
  findById(id: string): Promise<Purchase | null>;
  findByPaymentIntent(reference: string): Promise<Purchase | null>;
}

/**
 * Verifies a delivery (X-Signature: the HMAC-SHA256, keyed by the webhook secret, of the hex SHA-256 of the raw
 * body) and turns it into the core's events. A payment is tied to its purchase by the basket's custom data; a
 * renewal is recorded under its Tebex transaction id, so its refund finds it.
 */
export class TebexWebhooks {
  constructor(
    private readonly secret: string,
    private readonly packages: TebexPackageMap,
    private readonly purchases: TebexPurchaseLookup,
  ) {}

  /** Throws a DomainError of kind 'invalid' for a missing or wrong signature, or a body that is not a webhook. */
  async parse(rawBody: Buffer, signature: string | undefined): Promise<TebexDelivery> {
    if (!signature) throw new DomainError('WEBHOOK_SIGNATURE_MISSING', 'invalid', 'Missing X-Signature header.');
    if (!validSignature(this.secret, rawBody, signature))
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'invalid', 'Webhook signature verification failed.');
    let webhook: TebexWebhook;
    try {
      webhook = JSON.parse(rawBody.toString('utf8')) as TebexWebhook;
    } catch {
      throw new DomainError('WEBHOOK_BODY_INVALID', 'invalid', 'The webhook body is not JSON.');
    }
    if (!webhook || typeof webhook.id !== 'string' || typeof webhook.type !== 'string')
      throw new DomainError('WEBHOOK_BODY_INVALID', 'invalid', 'The webhook has no id or type.');
    if (webhook.type === 'validation.webhook') return { kind: 'validation', id: webhook.id };
    return this.translate(webhook);
  }

  private async translate(webhook: TebexWebhook): Promise<TebexDelivery> {
    const id = `tebex_${webhook.id}`;
    const ignored = { kind: 'ignored', type: webhook.type } as const;
    if (webhook.type.startsWith('payment.')) {
      const payment = webhook.subject as TebexPayment;
      if (!payment || typeof payment.transaction_id !== 'string') return ignored;
      switch (webhook.type) {
        case 'payment.completed':
          return this.completed(id, payment);
        case 'payment.declined':
          return this.declined(id, payment);
        case 'payment.refunded':
        case 'payment.dispute.opened': {
          const purchase = await this.purchaseOf(payment);
          if (!purchase?.paymentIntentId) return ignored;
          const refunded = webhook.type === 'payment.refunded';
          return {
            kind: 'payment',
            event: {
              id,
              type: refunded ? 'refunded' : 'disputed',
              intentId: purchase.paymentIntentId,
              reason: refunded ? 'Refunded through Tebex' : 'Chargeback opened through Tebex',
            },
          };
        }
        default:
          return ignored;
      }
    }
    if (webhook.type.startsWith('recurring-payment.')) {
      const recurring = webhook.subject as TebexRecurringPayment;
      const start = recurring?.initial_payment ? await this.purchaseOf(recurring.initial_payment) : null;
      const subscriptionId = start?.billing?.subscriptionId;
      if (!recurring || !start || !subscriptionId) return ignored;
      switch (webhook.type) {
        // the first month: the same as its payment.completed, whichever arrives first
        case 'recurring-payment.started':
          return recurring.initial_payment ? this.completed(id, recurring.initial_payment) : ignored;
        case 'recurring-payment.renewed':
          return this.renewed(id, subscriptionId, recurring);
        case 'recurring-payment.cancellation.requested':
        case 'recurring-payment.cancellation.aborted':
          return {
            kind: 'billing',
            event: {
              id,
              type: 'subscription_updated',
              subscriptionId,
              cancelAtPeriodEnd: webhook.type === 'recurring-payment.cancellation.requested',
              tierId: null,
              currentPeriodEnd: recurring.next_payment_at ? new Date(recurring.next_payment_at) : null,
            },
          };
        case 'recurring-payment.ended':
          return { kind: 'billing', event: { id, type: 'subscription_deleted', subscriptionId } };
        default:
          return ignored;
      }
    }
    return ignored;
  }

  /** a basket's payment: the purchase it was opened for completes, as paid for the package's price */
  private async completed(id: string, payment: TebexPayment): Promise<TebexDelivery> {
    const purchase = await this.purchaseOf(payment);
    if (!purchase?.paymentIntentId) return { kind: 'ignored', type: 'payment.completed' };
    // a renewal's payment reports the first month's basket again: the recurring-payment event records it
    if (purchase.status === 'completed' && purchase.billing?.reason === 'start' && payment.recurring_payment_reference)
      return { kind: 'ignored', type: 'payment.completed' };
    return {
      kind: 'payment',
      event: {
        id,
        type: 'payment_succeeded',
        intent: {
          id: purchase.paymentIntentId,
          clientSecret: '',
          status: 'succeeded',
          amountCents: await this.packagePrice(payment, purchase),
          currency: (payment.price?.currency ?? 'usd').toLowerCase(),
          metadata: { purchaseId: purchase.id, userId: purchase.userId },
          failureMessage: null,
        },
      },
    };
  }

  /** a declined first payment fails its purchase; a declined renewal puts the membership past due */
  private async declined(id: string, payment: TebexPayment): Promise<TebexDelivery> {
    const purchase = await this.purchaseOf(payment);
    if (!purchase?.paymentIntentId) return { kind: 'ignored', type: 'payment.declined' };
    const message = payment.decline_reason?.message || 'The payment was declined.';
    const subscriptionId = purchase.billing?.subscriptionId;
    if (purchase.status === 'completed' && purchase.billing?.reason === 'start' && subscriptionId) {
      const at = payment.created_at ? new Date(payment.created_at) : new Date();
      return {
        kind: 'billing',
        event: {
          id,
          type: 'invoice_failed',
          subscriptionId,
          invoiceId: payment.transaction_id,
          intentId: payment.transaction_id,
          reason: 'renewal',
          periodStart: at,
          periodEnd: at,
          tierId: await this.tierOf(payment),
          amountCents: Math.round((payment.price?.amount ?? 0) * 100),
          message,
        },
      };
    }
    return {
      kind: 'payment',
      event: { id, type: 'payment_failed', intentId: purchase.paymentIntentId, reason: message },
    };
  }

  private async renewed(id: string, subscriptionId: string, recurring: TebexRecurringPayment): Promise<TebexDelivery> {
    const last = recurring.last_payment;
    if (!last?.transaction_id || !recurring.next_payment_at)
      return { kind: 'ignored', type: 'recurring-payment.renewed' };
    const tierId = await this.tierOf(last);
    return {
      kind: 'billing',
      event: {
        id,
        type: 'invoice_paid',
        invoice: {
          subscriptionId,
          invoiceId: last.transaction_id,
          intentId: last.transaction_id,
          reason: 'renewal',
          tierId,
          amountCents: Math.round((last.products?.[0]?.base_price?.amount ?? last.price?.amount ?? 0) * 100),
          periodStart: new Date(last.created_at ?? Date.now()),
          periodEnd: new Date(recurring.next_payment_at),
        },
      },
    };
  }

  /** the purchase a payment pays for: its own transaction (a renewal), else the basket's purchase */
  private async purchaseOf(payment: TebexPayment): Promise<Purchase | null> {
    const byTransaction = await this.purchases.findByPaymentIntent(payment.transaction_id);
    if (byTransaction) return byTransaction;
    const purchaseId = customPurchaseId(payment);
    return purchaseId ? this.purchases.findById(purchaseId) : null;
  }

  /** what Tebex charged for the package of the purchase's item, before tax (0 when the package is not there) */
  private async packagePrice(payment: TebexPayment, purchase: Purchase): Promise<number> {
    const key = purchase.optionId ? `${purchase.productId}:${purchase.optionId}` : purchase.productId;
    const packageId = await this.packages.packageFor(key, purchase.productName).catch(() => null);
    const product = payment.products?.find((candidate) => candidate.id === packageId);
    return product?.base_price ? Math.round(product.base_price.amount * 100) : 0;
  }

  /** the tier a membership payment's package sells, or null */
  private async tierOf(payment: TebexPayment): Promise<string | null> {
    const packageId = payment.products?.[0]?.id;
    return packageId === undefined ? null : this.packages.keyOf(packageId);
  }
}

export function tebexSignature(secret: string, rawBody: Buffer | string): string {
  const bodyHash = createHash('sha256').update(rawBody).digest('hex');
  return createHmac('sha256', secret).update(bodyHash).digest('hex');
}

function validSignature(secret: string, rawBody: Buffer, signature: string): boolean {
  const expected = Buffer.from(tebexSignature(secret, rawBody));
  const given = Buffer.from(signature.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** the basket's custom data, or a package's (Tebex carries either with the payment) */
function customPurchaseId(payment: TebexPayment): string | null {
  const fromBasket = payment.custom?.purchase_id;
  if (typeof fromBasket === 'string' && fromBasket) return fromBasket;
  for (const product of payment.products ?? []) {
    const custom = (product as { custom?: Record<string, unknown> | null }).custom;
    if (typeof custom?.purchase_id === 'string' && custom.purchase_id) return custom.purchase_id;
  }
  return null;
}
