import type { Clock } from '../shared/ports.ts';
import { type BuyerPurchase, buyerView } from './buyer-view.ts';
import type { PurchaseRepository } from './ports.ts';

export const MY_PURCHASES_PAGE_MAX = 100;

export interface MyPurchasesPage {
  purchases: BuyerPurchase[];
  /** the `before` of the next (older) page, or null on the last */
  nextBefore: string | null;
}

/** A buyer's own purchases, newest first, a page at a time: never anyone else's. */
export class ListMyPurchases {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { buyerId: string; limit: number; before?: string }): Promise<MyPurchasesPage> {
    const limit = Math.min(Math.max(Math.trunc(input.limit), 1), MY_PURCHASES_PAGE_MAX);
    const rows = await this.purchases.listByBuyer(input.buyerId, { limit, before: input.before });
    const now = this.clock.now();
    const last = rows.at(-1);
    return {
      purchases: rows.map((purchase) => buyerView(purchase, now)),
      nextBefore: rows.length === limit && last ? last.id : null,
    };
  }
}
