import type { GrantWithTimeline } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/** The grants of some purchases, each with its timeline: the purchase dialog, the player page, the receipts. */
export class ShowGrants {
  constructor(private readonly queue: GrantQueue) {}

  execute(purchaseIds: readonly string[]): Promise<GrantWithTimeline[]> {
    return purchaseIds.length === 0 ? Promise.resolve([]) : this.queue.forPurchases(purchaseIds);
  }
}
