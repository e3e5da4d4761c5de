import type { ProviderCodes, Purchase } from '../model/purchase.ts';
import type { PurchaseRepository } from '../ports.ts';
import type { HandlePaymentEvent, PaymentEvent, PaymentEventResult } from './handle-payment-event.ts';

/**
 * What a basket provider (Tebex) says was paid, as its adapter read it from a verified webhook, before anything of
 * the site's is looked up.
 */
export interface BasketPayment {
  /** the provider's transaction id */
  transactionId: string;
  currency: string;
  /** each package paid for: the catalogue item it sells (null: none of the site's) and its price before coupons */
  items: Array<{ key: string | null; basePriceCents: number }>;
  /** what the buyer paid after coupons and gift cards */
  paidCents: number;
  /** a coupon or gift card took part of the price */
  discounted: boolean;
  reportedCodes: ProviderCodes;
  /** the subscription a membership's payment started or renewed */
  subscriptionReference: string | null;
  /** the purchase the payment's custom data names, which proves nothing by itself */
  claimedPurchaseId: string | null;
  /** the purchase and buyer in custom data the site signed when it opened the basket, when the signature holds */
  signed: { purchaseId: string; userId: string } | null;
}

export type BasketEvent =
  /** a basket paid (`name`: the provider's event type) */
  | { id: string; type: 'completed'; name: string; payment: BasketPayment }
  /** a basket's or a renewal's payment declined */
  | { id: string; type: 'declined'; payment: BasketPayment; reason: string }
  /** an event about a subscription (renewed, cancelled, ended) */
  | { id: string; type: 'subscription'; name: string; subscriptionId: string; claimedPurchaseId: string | null };

export interface BasketPaymentResult extends PaymentEventResult {
  /** the event concerns a membership started under a subscription of the site's: its billing event applies */
  subscription: boolean;
}

/**
 * Decides which purchase a basket provider's payment proves, then applies it as a payment event. Anyone can open a
 * basket with any custom data, so custom data alone proves nothing: a payment is tied to a purchase by a transaction
 * id the site recorded, or, for its first completion only, by custom data the site signed when it opened the basket,
 * on a purchase still awaiting payment. Declines are matched by a recorded transaction only (a renewal's by its
 * subscription), subscription events by the subscription recorded when the membership started. Anything else that
 * names a purchase is recorded unmatched.
 */
export class ProveBasketPayment {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly handleEvent: HandlePaymentEvent,
  ) {}

  async execute(event: BasketEvent): Promise<BasketPaymentResult> {
    const decided = await this.decide(event);
    if (decided === 'subscription') return { applied: false, purchase: null, subscription: true };
    if (decided === null) return { applied: false, purchase: null, subscription: false };
    return { ...(await this.handleEvent.execute(decided)), subscription: false };
  }

  /** the payment event the report proves; 'subscription' for a membership's billing; null for nothing to do */
  private async decide(event: BasketEvent): Promise<PaymentEvent | 'subscription' | null> {
    switch (event.type) {
      case 'completed':
        return this.completed(event.id, event.name, event.payment);
      case 'declined':
        return this.declined(event.id, event.payment, event.reason);
      case 'subscription': {
        if (await this.purchases.findStart(event.subscriptionId)) return 'subscription';
        const reason = `No Priority Pass of this site started with Tebex subscription ${event.subscriptionId}.`;
        return unmatched(event.id, event.name, event.claimedPurchaseId, reason);
      }
    }
  }

  /**
   * A transaction the site recorded is that purchase's (a redelivery); a new one completes the purchase its signed
   * custom data names while that purchase still awaits payment, as paid for what the provider took.
   */
  private async completed(id: string, name: string, payment: BasketPayment): Promise<PaymentEvent | null> {
    const recorded = await this.purchases.findByPaymentIntent(payment.transactionId);
    if (recorded) {
      // a renewal's payment reports the first month's basket again: the subscription's event records it
      if (recorded.billing?.reason === 'start' && recorded.status === 'completed') return null;
      return recorded.paymentIntentId ? succeeded(id, payment, recorded) : null;
    }
    const signed = payment.signed;
    if (!signed) return unmatched(id, name, payment.claimedPurchaseId, 'Its custom data was not signed by this site.');
    const purchase = await this.purchases.findById(signed.purchaseId);
    if (!purchase?.paymentIntentId)
      return unmatched(id, name, payment.claimedPurchaseId, 'It names a purchase this site does not have.');
    if (purchase.userId !== signed.userId)
      return unmatched(id, name, payment.claimedPurchaseId, "Its signed buyer is not the purchase's buyer.");
    // a renewal's payment reports the first month's basket again: the subscription's event records it
    const billing = purchase.billing;
    if (
      billing?.reason === 'start' &&
      billing.subscriptionId &&
      billing.subscriptionId === payment.subscriptionReference
    )
      return null;
    // the same payment's other delivery recorded its transaction a moment ago
    if (purchase.paymentReference === payment.transactionId) return succeeded(id, payment, purchase);
    if (purchase.status !== 'pending' && purchase.status !== 'failed') {
      const reason = `It names a purchase that is no longer awaiting payment (${purchase.status}).`;
      return unmatched(id, name, payment.claimedPurchaseId, reason);
    }
    return succeeded(id, payment, purchase);
  }

  /**
   * A declined renewal is the membership's (its subscription started here and completed); a declined payment of a
   * recorded transaction fails its purchase. A first payment's decline is left alone: the buyer can pay the basket
   * again. One whose custom data names a purchase without the site's signature for it is recorded unmatched.
   */
  private async declined(
    id: string,
    payment: BasketPayment,
    reason: string,
  ): Promise<PaymentEvent | 'subscription' | null> {
    const reference = payment.subscriptionReference;
    const start = reference ? await this.purchases.findStart(reference) : null;
    if (start?.status === 'completed') return 'subscription';
    const recorded = await this.purchases.findByPaymentIntent(payment.transactionId);
    if (!recorded?.paymentIntentId) {
      if (payment.claimedPurchaseId && payment.signed?.purchaseId !== payment.claimedPurchaseId)
        return unmatched(
          id,
          'payment.declined',
          payment.claimedPurchaseId,
          'Its custom data was not signed by this site.',
        );
      return null;
    }
    return { id, type: 'payment_failed', intentId: recorded.paymentIntentId, reason };
  }
}

function succeeded(id: string, payment: BasketPayment, purchase: Purchase): PaymentEvent {
  return {
    id,
    type: 'payment_succeeded',
    intent: {
      id: purchase.paymentIntentId as string,
      clientSecret: '',
      status: 'succeeded',
      amountCents: soldAt(purchase, packagePrice(payment, purchase)),
      currency: payment.currency,
      metadata: { purchaseId: purchase.id, userId: purchase.userId },
      failureMessage: null,
      amountReceivedCents: payment.paidCents,
      discounted: payment.discounted,
      reportedCodes: payment.reportedCodes,
      reference: payment.transactionId,
      ...(payment.subscriptionReference ? { subscriptionReference: payment.subscriptionReference } : {}),
    },
  };
}

const unmatched = (id: string, name: string, claimedPurchaseId: string | null, reason: string): PaymentEvent => ({
  id,
  type: 'unmatched',
  name,
  claimedPurchaseId,
  reason,
});

/** what the provider charged for the package of the purchase's item, before tax and coupons (0 when not there) */
function packagePrice(payment: BasketPayment, purchase: Purchase): number {
  const key = purchase.optionId ? `${purchase.productId}:${purchase.optionId}` : purchase.productId;
  return payment.items.find((item) => item.key === key)?.basePriceCents ?? 0;
}

/**
 * The price a payment sold the purchase at: the provider's package price is the catalogue's, so a purchase the site
 * priced below it (a sale, a coupon) was sold at its own price when the package's price is the catalogue price it
 * recorded.
 */
function soldAt(purchase: Purchase, packageCents: number): number {
  const listed = purchase.discount?.listPriceCents;
  return listed !== undefined && packageCents === listed ? purchase.priceCents : packageCents;
}
