import { openCheckoutSince, type Purchase, paymentWindowSince } from './purchase.ts';

/**
 * Where a purchase stands as its buyer reads it (DESIGN-DECISIONS §10): a pending purchase is awaiting payment
 * until its checkout lapses, then abandoned; the other statuses read as they are stored.
 */
export const BUYER_PURCHASE_STATUSES = [
  'awaiting_payment',
  'completed',
  'failed',
  'abandoned',
  'refunded',
  'disputed',
  'underpaid',
] as const;
export type BuyerPurchaseStatus = (typeof BUYER_PURCHASE_STATUSES)[number];

/** One of the buyer's own purchases, with where it stands for them now. */
export interface BuyerPurchase {
  purchase: Purchase;
  status: BuyerPurchaseStatus;
}

export function buyerView(purchase: Purchase, now: Date): BuyerPurchase {
  if (purchase.status !== 'pending') return { purchase, status: purchase.status };
  const lapsed = purchase.createdAt < openCheckoutSince(now);
  return { purchase, status: lapsed ? 'abandoned' : 'awaiting_payment' };
}

/**
 * Which checkouts count as purchases (decision 0078): those the payment provider reported a payment attempt on (paid,
 * declined, held, or being paid), and a checkout still open to be paid (pending, started within its payment
 * window). A checkout replaced or left unpaid with no attempt is not one: the buyer's history and every count leave
 * it out, and staff see it only when they ask for unpaid checkouts.
 */
export interface PurchaseScope {
  /** pending checkouts started at or after this are still open to be paid */
  openSince: Date;
}

export const purchaseScope = (now: Date): PurchaseScope => ({ openSince: paymentWindowSince(now) });

export function isPurchase(purchase: Purchase, scope: PurchaseScope): boolean {
  if (purchase.paymentAttemptedAt) return true;
  return purchase.status === 'pending' && purchase.createdAt >= scope.openSince;
}
