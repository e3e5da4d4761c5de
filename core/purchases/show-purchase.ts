import { PurchaseNotFoundError, type Purchase } from './purchase.ts';
import type { PurchaseRepository } from './ports.ts';

/** One purchase by its id or its payment intent's id. */
export class ShowPurchase {
  constructor(private readonly purchases: PurchaseRepository) {}

  /** with `buyerId`, only that buyer's purchase is found: another's reads as not found */
  async execute(input: { reference: string; buyerId?: string }): Promise<Purchase> {
    const found = (await this.purchases.findByPaymentIntent(input.reference)) ?? (/^[0-9a-f-]{36}$/i.test(input.reference) ? await this.purchases.findById(input.reference) : null);
    if (!found || (input.buyerId !== undefined && found.userId !== input.buyerId)) throw new PurchaseNotFoundError(input.reference);
    return found;
  }
}
