import type { PurchaseRepository } from '../ports.ts';
import { anonymise } from '../model/anonymised-name.ts';
import type { Purchase } from '../model/purchase.ts';

export interface RecentPurchase {
  /** first name and the initial of the last, never the whole name */
  name: string;
  item: string;
  priceCents: number;
  /** when the payment completed */
  purchasedAt: Date;
}

/** The public ticker of completed purchases, anonymised. */
export class ListRecentPurchases {
  constructor(private readonly purchases: PurchaseRepository) {}

  async execute(input: { limit?: number } = {}): Promise<RecentPurchase[]> {
    const rows = await this.purchases.recentCompleted(Math.min(Math.max(input.limit ?? 15, 1), 50));
    return rows.map((row) => ({
      name: anonymise(row.buyerDiscord ?? ''),
      item: itemOf(row),
      priceCents: row.priceCents,
      purchasedAt: row.completedAt ?? row.createdAt,
    }));
  }
}

/**
 * What was bought, worded so the amount beside it is not read as the item's price: an upgrade's charge is the
 * month's rest of a difference, a renewal is a month, and a discounted charge says what lowered it.
 */
function itemOf(row: Purchase): string {
  const reason = row.billing?.reason;
  if (reason === 'upgrade') return `Upgrade to ${row.productName} (rest of the month)`;
  const item = reason === 'renewal' ? `${row.productName} renewal` : row.productName;
  const discount = row.discount;
  if (!discount || discount.listPriceCents <= row.priceCents) return item;
  return `${item} (${discount.coupon ? 'with a coupon' : 'on sale'})`;
}
