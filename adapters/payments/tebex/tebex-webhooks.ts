import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { BillingEvent } from '../../../core/memberships/ports.ts';
import type { PaymentEvent } from '../../../core/purchases/use-cases/handle-payment-event.ts';
import type { BasketEvent, BasketPayment } from '../../../core/purchases/use-cases/prove-basket-payment.ts';
import type { ProviderCodes } from '../../../core/purchases/model/purchase.ts';
import { DomainError } from '../../../core/shared/errors.ts';
import { type BasketCustom, readCustom, validBasketSignature } from './basket-custom.ts';
import type { TebexPackageMap } from './tebex-packages.ts';

/** Tebex's own webhook senders (its documentation); an owner may allow only these. */
export const TEBEX_WEBHOOK_SOURCES = ['18.209.80.3', '54.87.231.232'] as const;

/** a payment as Tebex's webhooks carry it (the fields the store reads) */
interface TebexPayment {
  transaction_id: string;
  created_at?: string;
  price?: { amount: number; currency: string };
  products?: Array<{
    id: number;
    name?: string;
    quantity?: number;
    base_price?: { amount: number; currency: string };
    custom?: Record<string, unknown> | null;
  }>;
  recurring_payment_reference?: string | null;
  decline_reason?: { code?: string; message?: string } | null;
  custom?: Record<string, unknown> | null;
  /** what the buyer paid after coupons and gift cards */
  price_paid?: { amount: number; currency: string };
  coupons?: unknown[] | null;
  gift_cards?: unknown[] | null;
  /** the creator code the buyer used, as Tebex took it (null: none) */
  creator_code?: string | null;
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
  /** a refund or a dispute, tied to its purchase by the recorded transaction alone */
  | { kind: 'payment'; event: PaymentEvent }
  /**
   * what Tebex says was paid, declined or changed on a subscription: the core decides which purchase or membership
   * it proves; `billing` is the membership's event when it proves a subscription of the site's
   */
  | { kind: 'basket'; event: BasketEvent; billing: BillingEvent | null }
  | { kind: 'ignored'; type: string };

/**
 * Verifies a delivery (X-Signature: the HMAC-SHA256, keyed by the webhook secret, of the hex SHA-256 of the raw
 * body) and turns it into the core's events: what Tebex says was paid, with the custom data the site signed when it
 * opened the basket (checked here, as the secret is Tebex's). It reads none of the site's purchases: which purchase
 * a payment proves is the core's decision (`ProveBasketPayment`).
 */
export class TebexWebhooks {
  constructor(
    private readonly secret: string,
    private readonly packages: TebexPackageMap,
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
          return this.completed(id, webhook.type, payment);
        case 'payment.declined':
          return this.declined(id, payment);
        case 'payment.refunded':
        case 'payment.dispute.opened': {
          const refunded = webhook.type === 'payment.refunded';
          // by the recorded transaction only: the core reports it unmatched when no purchase was paid by it
          return {
            kind: 'payment',
            event: {
              id,
              type: refunded ? 'refunded' : 'disputed',
              intentId: payment.transaction_id,
              reason: refunded ? 'Refunded through Tebex' : 'Chargeback opened through Tebex',
              claimedPurchaseId: namedPurchaseId(payment),
            },
          };
        }
        default:
          return ignored;
      }
    }
    if (webhook.type.startsWith('recurring-payment.')) {
      const recurring = webhook.subject as TebexRecurringPayment;
      if (!recurring || typeof recurring.reference !== 'string' || !recurring.reference) return ignored;
      // the first month: the same as its payment.completed, whichever arrives first
      if (webhook.type === 'recurring-payment.started')
        return recurring.initial_payment
          ? this.completed(id, webhook.type, {
              ...recurring.initial_payment,
              recurring_payment_reference: recurring.reference,
            })
          : ignored;
      const subscriptionId = recurring.reference;
      return {
        kind: 'basket',
        event: {
          id,
          type: 'subscription',
          name: webhook.type,
          subscriptionId,
          claimedPurchaseId: recurring.initial_payment ? namedPurchaseId(recurring.initial_payment) : null,
        },
        billing: await this.subscriptionEvent(id, webhook, subscriptionId, recurring),
      };
    }
    return ignored;
  }

  /** the membership's event a subscription's webhook carries, or null for one the store does not act on */
  private async subscriptionEvent(
    id: string,
    webhook: TebexWebhook,
    subscriptionId: string,
    recurring: TebexRecurringPayment,
  ): Promise<BillingEvent | null> {
    switch (webhook.type) {
      case 'recurring-payment.renewed':
        return this.renewed(id, subscriptionId, recurring);
      case 'recurring-payment.cancellation.requested':
      case 'recurring-payment.cancellation.aborted':
        return {
          id,
          type: 'subscription_updated',
          ...occurred(webhook),
          subscriptionId,
          cancelAtPeriodEnd: webhook.type === 'recurring-payment.cancellation.requested',
          tierId: null,
          currentPeriodEnd: recurring.next_payment_at ? new Date(recurring.next_payment_at) : null,
        };
      case 'recurring-payment.ended':
        return { id, type: 'subscription_deleted', subscriptionId, ...occurred(webhook) };
      default:
        return null;
    }
  }

  /** a basket's payment: the core decides which purchase it completes */
  private async completed(id: string, type: string, payment: TebexPayment): Promise<TebexDelivery> {
    return {
      kind: 'basket',
      event: { id, type: 'completed', name: type, payment: await this.basketPayment(payment) },
      billing: null,
    };
  }

  /**
   * A declined payment: the core decides whether it is a membership's renewal (then `billing` applies), a recorded
   * transaction's purchase, or nothing of the site's.
   */
  private async declined(id: string, payment: TebexPayment): Promise<TebexDelivery> {
    const message = payment.decline_reason?.message || 'The payment was declined.';
    const reference = payment.recurring_payment_reference;
    let billing: BillingEvent | null = null;
    if (reference) {
      const at = payment.created_at ? new Date(payment.created_at) : new Date();
      billing = {
        id,
        type: 'invoice_failed',
        subscriptionId: reference,
        invoiceId: payment.transaction_id,
        intentId: payment.transaction_id,
        reason: 'renewal',
        periodStart: at,
        periodEnd: at,
        tierId: await this.tierOf(payment),
        amountCents: Math.round((payment.price?.amount ?? 0) * 100),
        message,
      };
    }
    return {
      kind: 'basket',
      event: { id, type: 'declined', payment: await this.basketPayment(payment), reason: message },
      billing,
    };
  }

  /** what Tebex says was paid, with each package's catalogue item and the custom data the site signed */
  private async basketPayment(payment: TebexPayment): Promise<BasketPayment> {
    const items: BasketPayment['items'] = [];
    for (const product of payment.products ?? [])
      items.push({
        key: await this.packages.keyOf(product.id).catch(() => null),
        basePriceCents: product.base_price ? Math.round(product.base_price.amount * 100) : 0,
      });
    const signed = signedCustom(this.secret, payment);
    return {
      transactionId: payment.transaction_id,
      currency: (payment.price?.currency ?? 'usd').toLowerCase(),
      items,
      paidCents: paidCents(payment),
      discounted: (payment.coupons?.length ?? 0) > 0 || (payment.gift_cards?.length ?? 0) > 0,
      reportedCodes: reportedCodes(payment),
      subscriptionReference: payment.recurring_payment_reference || null,
      claimedPurchaseId: namedPurchaseId(payment),
      signed: signed ? { purchaseId: signed.purchase_id, userId: signed.user_id } : null,
    };
  }

  private async renewed(
    id: string,
    subscriptionId: string,
    recurring: TebexRecurringPayment,
  ): Promise<BillingEvent | null> {
    const last = recurring.last_payment;
    if (!last?.transaction_id || !recurring.next_payment_at) return null;
    const tierId = await this.tierOf(last);
    return {
      id,
      type: 'invoice_paid',
      invoice: {
        subscriptionId,
        invoiceId: last.transaction_id,
        intentId: last.transaction_id,
        reason: 'renewal',
        tierId,
        amountCents: paidCents(last),
        periodStart: new Date(last.created_at ?? Date.now()),
        periodEnd: new Date(recurring.next_payment_at),
      },
    };
  }

  /** the tier a membership payment's package sells, or null */
  private async tierOf(payment: TebexPayment): Promise<string | null> {
    const packageId = payment.products?.[0]?.id;
    return packageId === undefined ? null : this.packages.keyOf(packageId);
  }
}

/** when Tebex says the event happened (its `date`), for ordering events that arrive out of order */
function occurred(webhook: TebexWebhook): { occurredAt?: Date } {
  const at = webhook.date ? new Date(webhook.date) : null;
  return at && !Number.isNaN(at.getTime()) ? { occurredAt: at } : {};
}

/** the creator code and coupon codes Tebex reports on a payment, as it wrote them */
function reportedCodes(payment: TebexPayment): ProviderCodes {
  const creator = typeof payment.creator_code === 'string' ? payment.creator_code.trim() : '';
  const couponCodes = (payment.coupons ?? []).flatMap((coupon) => {
    const code = typeof coupon === 'string' ? coupon : (coupon as { code?: unknown } | null)?.code;
    return typeof code === 'string' && code.trim() ? [code.trim()] : [];
  });
  return { creatorCode: creator || null, couponCodes };
}

/** what the buyer actually paid: the payment's paid price (its price when Tebex leaves that out) */
function paidCents(payment: TebexPayment): number {
  return Math.round((payment.price_paid?.amount ?? payment.price?.amount ?? 0) * 100);
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

/** the custom data a payment carries: the basket's, then each package's */
function customsOf(payment: TebexPayment): Array<Record<string, unknown> | null | undefined> {
  return [payment.custom, ...(payment.products ?? []).map((product) => product.custom)];
}

/** the purchase a payment's custom data names (which proves nothing by itself), for staff to look at */
function namedPurchaseId(payment: TebexPayment): string | null {
  for (const custom of customsOf(payment))
    if (typeof custom?.purchase_id === 'string' && custom.purchase_id) return custom.purchase_id.slice(0, 255);
  return null;
}

/** the basket's custom data, or a package's (Tebex carries either), when this site signed it; else null */
function signedCustom(secret: string, payment: TebexPayment): BasketCustom | null {
  for (const custom of customsOf(payment)) {
    if (!custom) continue;
    const basket = readCustom(custom);
    if (basket && validBasketSignature(secret, basket, custom.signature)) return basket;
  }
  return null;
}
