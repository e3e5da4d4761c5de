import type { PurchaseRepository, PurchaseStatusChange } from '../ports.ts';

/** A purchase's status history, oldest first (admins). */
export class ShowPurchaseHistory {
  constructor(private readonly purchases: PurchaseRepository) {}

  execute(purchaseId: string): Promise<PurchaseStatusChange[]> {
    return this.purchases.statusHistory(purchaseId);
  }
}
