import { CHECKOUT_ABANDONED_AFTER_HOURS, type Purchase } from './purchase.ts';

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
  const lapsed = now.getTime() - purchase.createdAt.getTime() >= CHECKOUT_ABANDONED_AFTER_HOURS * 3_600_000;
  return { purchase, status: lapsed ? 'abandoned' : 'awaiting_payment' };
}
