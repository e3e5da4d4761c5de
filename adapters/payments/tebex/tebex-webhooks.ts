import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { BillingEvent } from '../../../core/memberships/ports.ts';
import type { PaymentEvent } from '../../../core/purchases/use-cases/handle-payment-event.ts';
import type { ProviderCodes, Purchase } from '../../../core/purchases/model/purchase.ts';
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
  | { kind: 'payment'; event: PaymentEvent }
  | { kind: 'billing'; event: BillingEvent }
  | { kind: 'ignored'; type: string };

/**
 * How the translation finds the site's purchases: by a payment id the site recorded (a basket it opened, or a
 * Tebex transaction that paid one), by id (for custom data the site signed), and by the subscription a
 * membership started under.
 */
export interface TebexPurchaseLookup {
  findById(id: string): Promise<Purchase | null>;
  findByPaymentIntent(reference: string): Promise<Purchase | null>;
  findStart(subscriptionId: string): Promise<Purchase | null>;
}

/**
 * Verifies a delivery (X-Signature: the HMAC-SHA256, keyed by the webhook secret, of the hex SHA-256 of the raw
 * body) and turns it into the core's events. Anyone can open a basket with any custom data, so custom data alone
 * proves nothing: a payment is tied to a purchase by a transaction id the site recorded, or, for its first
 * completion only, by custom data the site signed when it opened the basket, on a purchase still awaiting
 * payment. Refunds, disputes and declines are matched by a recorded transaction only, recurring events by the
 * subscription reference recorded when the membership started. Anything else that names a purchase is reported
 * unmatched.
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
      const start = await this.purchases.findStart(subscriptionId);
      if (!start)
        return unmatched(
          id,
          webhook.type,
          recurring.initial_payment ? namedPurchaseId(recurring.initial_payment) : null,
          `No Priority Pass of this site started with Tebex subscription ${subscriptionId}.`,
        );
      switch (webhook.type) {
        case 'recurring-payment.renewed':
          return this.renewed(id, subscriptionId, recurring);
        case 'recurring-payment.cancellation.requested':
        case 'recurring-payment.cancellation.aborted':
          return {
            kind: 'billing',
            event: {
              id,
              type: 'subscription_updated',
              ...occurred(webhook),
              subscriptionId,
              cancelAtPeriodEnd: webhook.type === 'recurring-payment.cancellation.requested',
              tierId: null,
              currentPeriodEnd: recurring.next_payment_at ? new Date(recurring.next_payment_at) : null,
            },
          };
        case 'recurring-payment.ended':
          return { kind: 'billing', event: { id, type: 'subscription_deleted', subscriptionId, ...occurred(webhook) } };
        default:
          return ignored;
      }
    }
    return ignored;
  }

  /**
   * A basket's payment. A transaction the site recorded is that purchase's (a redelivery); a new one completes the
   * purchase its signed custom data names while that purchase still awaits payment, as paid for what Tebex took.
   */
  private async completed(id: string, type: string, payment: TebexPayment): Promise<TebexDelivery> {
    const recorded = await this.purchases.findByPaymentIntent(payment.transaction_id);
    if (recorded) {
      // a renewal's payment reports the first month's basket again: the recurring-payment event records it
      if (recorded.billing?.reason === 'start' && recorded.status === 'completed') return { kind: 'ignored', type };
      return recorded.paymentIntentId ? this.succeeded(id, payment, recorded) : { kind: 'ignored', type };
    }
    const custom = signedCustom(this.secret, payment);
    const named = namedPurchaseId(payment);
    if (!custom) return unmatched(id, type, named, 'Its custom data was not signed by this site.');
    const purchase = await this.purchases.findById(custom.purchase_id);
    if (!purchase?.paymentIntentId) return unmatched(id, type, named, 'It names a purchase this site does not have.');
    if (purchase.userId !== custom.user_id)
      return unmatched(id, type, named, "Its signed buyer is not the purchase's buyer.");
    // a renewal's payment reports the first month's basket again: the recurring-payment event records it
    const billing = purchase.billing;
    if (
      billing?.reason === 'start' &&
      billing.subscriptionId &&
      billing.subscriptionId === payment.recurring_payment_reference
    )
      return { kind: 'ignored', type };
    // the same payment's other delivery recorded its transaction a moment ago
    if (purchase.paymentReference === payment.transaction_id) return this.succeeded(id, payment, purchase);
    if (purchase.status !== 'pending' && purchase.status !== 'failed')
      return unmatched(id, type, named, `It names a purchase that is no longer awaiting payment (${purchase.status}).`);
    return this.succeeded(id, payment, purchase);
  }

  private async succeeded(id: string, payment: TebexPayment, purchase: Purchase): Promise<TebexDelivery> {
    return {
      kind: 'payment',
      event: {
        id,
        type: 'payment_succeeded',
        intent: {
          id: purchase.paymentIntentId as string,
          clientSecret: '',
          status: 'succeeded',
          amountCents: soldAt(purchase, await this.packagePrice(payment, purchase)),
          currency: (payment.price?.currency ?? 'usd').toLowerCase(),
          metadata: { purchaseId: purchase.id, userId: purchase.userId },
          failureMessage: null,
          amountReceivedCents: paidCents(payment),
          discounted: (payment.coupons?.length ?? 0) > 0 || (payment.gift_cards?.length ?? 0) > 0,
          reportedCodes: reportedCodes(payment),
          reference: payment.transaction_id,
          ...(payment.recurring_payment_reference
            ? { subscriptionReference: payment.recurring_payment_reference }
            : {}),
        },
      },
    };
  }

  /**
   * A declined renewal puts the membership whose subscription it names past due; a declined payment of a recorded
   * transaction fails its purchase. A first payment's decline is left alone: the buyer can pay the basket again.
   * One whose custom data names a purchase without the site's signature for it is reported unmatched.
   */
  private async declined(id: string, payment: TebexPayment): Promise<TebexDelivery> {
    const message = payment.decline_reason?.message || 'The payment was declined.';
    const reference = payment.recurring_payment_reference;
    const start = reference ? await this.purchases.findStart(reference) : null;
    if (reference && start?.status === 'completed') {
      const at = payment.created_at ? new Date(payment.created_at) : new Date();
      return {
        kind: 'billing',
        event: {
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
        },
      };
    }
    const recorded = await this.purchases.findByPaymentIntent(payment.transaction_id);
    if (!recorded?.paymentIntentId) {
      // a first payment's decline carries the custom data the site signed for the purchase it names
      const named = namedPurchaseId(payment);
      if (named && signedCustom(this.secret, payment)?.purchase_id !== named)
        return unmatched(id, 'payment.declined', named, 'Its custom data was not signed by this site.');
      return { kind: 'ignored', type: 'payment.declined' };
    }
    return {
      kind: 'payment',
      event: { id, type: 'payment_failed', intentId: recorded.paymentIntentId, reason: message },
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
          amountCents: paidCents(last),
          periodStart: new Date(last.created_at ?? Date.now()),
          periodEnd: new Date(recurring.next_payment_at),
        },
      },
    };
  }

  /** what Tebex charged for the package of the purchase's item, before tax and coupons (0 when it is not there) */
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

/** when Tebex says the event happened (its `date`), for ordering events that arrive out of order */
function occurred(webhook: TebexWebhook): { occurredAt?: Date } {
  const at = webhook.date ? new Date(webhook.date) : null;
  return at && !Number.isNaN(at.getTime()) ? { occurredAt: at } : {};
}

const unmatched = (id: string, name: string, claimedPurchaseId: string | null, reason: string): TebexDelivery => ({
  kind: 'payment',
  event: { id, type: 'unmatched', name, claimedPurchaseId, reason },
});

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

/**
 * The price a payment sold the purchase at: Tebex's package price is the catalogue's, so a purchase the site priced
 * below it (a sale, a coupon) was sold at its own price when the package's price is the catalogue price it recorded.
 */
function soldAt(purchase: Purchase, packageCents: number): number {
  const listed = purchase.discount?.listPriceCents;
  return listed !== undefined && packageCents === listed ? purchase.priceCents : packageCents;
}
