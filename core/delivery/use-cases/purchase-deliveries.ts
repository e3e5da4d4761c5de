import type { Delivery } from '../model/delivery.ts';
import type { DeliveryOutbox } from '../ports.ts';

/** The deliveries of some purchases, grouped by purchase id (oldest first within a purchase). */
export class PurchaseDeliveries {
  constructor(private readonly outbox: DeliveryOutbox) {}

  async execute(purchaseIds: readonly string[]): Promise<Map<string, Delivery[]>> {
    const byPurchase = new Map<string, Delivery[]>();
    if (purchaseIds.length === 0) return byPurchase;
    for (const delivery of await this.outbox.forPurchases(purchaseIds)) {
      if (!delivery.purchaseId) continue;
      byPurchase.set(delivery.purchaseId, [...(byPurchase.get(delivery.purchaseId) ?? []), delivery]);
    }
    return byPurchase;
  }
}
