import type { Clock } from '../../shared/ports.ts';
import { BUYER_PURCHASE_STATUSES, type BuyerPurchaseStatus, purchaseScope } from '../model/buyer-view.ts';
import { openCheckoutSince, type Purchase } from '../model/purchase.ts';
import type { PurchaseFilter, PurchaseRepository } from '../ports.ts';

export interface PurchaseSummary {
  count: number;
  /** money actually taken: completed purchases (refunded and disputed ones gave their money back) */
  revenueCents: number;
  completed: number;
  /** awaiting payment: checkouts still open */
  pending: number;
  /** purchases per status as it happened */
  byStatus: Record<BuyerPurchaseStatus, number>;
}

export interface PurchasePage {
  purchases: Purchase[];
  /** over every purchase the filter admits, not just this page */
  summary: PurchaseSummary;
  /** the `before` of the next page, or null on the last */
  nextBefore: string | null;
}

export interface PurchaseListInput {
  status?: BuyerPurchaseStatus;
  productType?: string;
  buyer?: string;
  from?: Date;
  to?: Date;
  /** also the checkouts closed or left unpaid without a payment attempt (staff only; `isPurchase`) */
  unpaid?: boolean;
  limit?: number;
  before?: string;
}

/**
 * The admin's view of the purchases, newest first, a page at a time, with the dashboard's totals: the list and the
 * totals read one filter, so they count the same rows (only purchases, unless `unpaid` asks for every checkout).
 */
export class ListPurchases {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly clock: Clock,
  ) {}

  /** the filter the repository reads, with "abandoned" and the open checkouts measured from now */
  private filter(input: PurchaseListInput): PurchaseFilter {
    const now = this.clock.now();
    const abandonedBefore = openCheckoutSince(now);
    const buyer = input.buyer?.trim();
    return {
      status: input.status,
      productType: input.productType,
      buyer: buyer ? buyer : undefined,
      from: input.from,
      to: input.to,
      abandonedBefore,
      ...(input.unpaid ? {} : { scope: purchaseScope(now) }),
    };
  }

  async execute(input: PurchaseListInput = {}): Promise<PurchasePage> {
    const filter = this.filter(input);
    const purchases = await this.purchases.search(filter, { limit: input.limit, before: input.before });
    const totals = await this.purchases.summarize(filter);
    const last = purchases.at(-1);
    const byStatus = Object.fromEntries(
      BUYER_PURCHASE_STATUSES.map((status) => [status, totals[status].count]),
    ) as Record<BuyerPurchaseStatus, number>;
    return {
      purchases,
      summary: {
        count: BUYER_PURCHASE_STATUSES.reduce((sum, status) => sum + totals[status].count, 0),
        revenueCents: totals.completed.cents,
        completed: totals.completed.count,
        pending: totals.awaiting_payment.count,
        byStatus,
      },
      nextBefore: input.limit !== undefined && purchases.length === input.limit && last ? last.id : null,
    };
  }
}
