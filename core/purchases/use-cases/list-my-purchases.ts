import type { Clock } from '../../shared/ports.ts';
import { type BuyerPurchase, buyerView, purchaseScope } from '../model/buyer-view.ts';
import type { PurchaseRepository } from '../ports.ts';

export const MY_PURCHASES_PAGE_MAX = 100;

export interface MyPurchasesPage {
  purchases: BuyerPurchase[];
  /** the `before` of the next (older) page, or null on the last */
  nextBefore: string | null;
}

/**
 * A buyer's own purchases, newest first, a page at a time: never anyone else's, and only checkouts that are
 * purchases (paid, tried, or open to be paid now: `isPurchase`).
 */
export class ListMyPurchases {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { buyerId: string; limit: number; before?: string }): Promise<MyPurchasesPage> {
    const limit = Math.min(Math.max(Math.trunc(input.limit), 1), MY_PURCHASES_PAGE_MAX);
    const now = this.clock.now();
    const rows = await this.purchases.listByBuyer(input.buyerId, {
      limit,
      before: input.before,
      scope: purchaseScope(now),
    });
    const last = rows.at(-1);
    return {
      purchases: rows.map((purchase) => buyerView(purchase, now)),
      nextBefore: rows.length === limit && last ? last.id : null,
    };
  }
}
