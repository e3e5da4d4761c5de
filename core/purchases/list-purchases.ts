import type { Purchase, PurchaseStatus } from './purchase.ts';
import type { PurchaseRepository } from './ports.ts';

export interface PurchaseSummary {
  count: number;
  /** completed purchases only: money that was actually taken */
  revenueCents: number;
  completed: number;
  pending: number;
}

/** The admin's view of every purchase, newest first, with the dashboard's totals. */
export class ListPurchases {
  constructor(private readonly purchases: PurchaseRepository) {}

  async execute(input: { status?: PurchaseStatus } = {}): Promise<{ purchases: Purchase[]; summary: PurchaseSummary }> {
    const purchases = await this.purchases.list({ status: input.status });
    const completed = purchases.filter((purchase) => purchase.status === 'completed');
    return {
      purchases,
      summary: {
        count: purchases.length,
        revenueCents: completed.reduce((sum, purchase) => sum + purchase.priceCents, 0),
        completed: completed.length,
        pending: purchases.filter((purchase) => purchase.status === 'pending').length,
      },
    };
  }
}
