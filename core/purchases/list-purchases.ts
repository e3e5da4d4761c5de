import type { Purchase, PurchaseStatus } from './purchase.ts';
import type { PurchaseRepository } from './ports.ts';

export interface PurchaseSummary {
  count: number;
  /** completed purchases only: money that was actually taken */
  revenueCents: number;
  completed: number;
  pending: number;
}

export interface PurchasePage {
  purchases: Purchase[];
  /** over every purchase the filter admits, not just this page */
  summary: PurchaseSummary;
  /** the `before` of the next page, or null on the last */
  nextBefore: string | null;
}

/** The admin's view of the purchases, newest first, a page at a time, with the dashboard's totals. */
export class ListPurchases {
  constructor(private readonly purchases: PurchaseRepository) {}

  async execute(input: { status?: PurchaseStatus; limit?: number; before?: string } = {}): Promise<PurchasePage> {
    const purchases = await this.purchases.list(input);
    const totals = await this.purchases.totals();
    const admits = (status: PurchaseStatus) => !input.status || input.status === status;
    const counted = (Object.keys(totals) as PurchaseStatus[]).filter(admits);
    const last = purchases.at(-1);
    return {
      purchases,
      summary: {
        count: counted.reduce((sum, status) => sum + totals[status].count, 0),
        revenueCents: admits('completed') ? totals.completed.cents : 0,
        completed: admits('completed') ? totals.completed.count : 0,
        pending: admits('pending') ? totals.pending.count : 0,
      },
      nextBefore: input.limit !== undefined && purchases.length === input.limit && last ? last.id : null,
    };
  }
}
