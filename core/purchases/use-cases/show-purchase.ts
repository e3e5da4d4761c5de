import { PurchaseNotFoundError } from '../errors.ts';
import type { Purchase } from '../model/purchase.ts';
import type { PurchaseRepository } from '../ports.ts';

/** One purchase by its id or its payment intent's id. */
export class ShowPurchase {
  constructor(private readonly purchases: PurchaseRepository) {}

  /** with `buyerId`, only a purchase that player bought or received as a gift is found: another's reads as not found */
  async execute(input: { reference: string; buyerId?: string }): Promise<Purchase> {
    // purchase ids are UUIDs and payment intent ids `pi_` and letters: anything else cannot be one
    if (!/^[\w-]{1,255}$/.test(input.reference)) throw new PurchaseNotFoundError(input.reference.slice(0, 64));
    const found =
      (await this.purchases.findByPaymentIntent(input.reference)) ??
      (/^[0-9a-f-]{36}$/i.test(input.reference) ? await this.purchases.findById(input.reference) : null);
    if (!found || (input.buyerId !== undefined && !boughtOrReceived(found, input.buyerId)))
      throw new PurchaseNotFoundError(input.reference);
    return found;
  }
}

/** the buyer's, or a gift delivered to this player */
const boughtOrReceived = (purchase: Purchase, playerId: string) =>
  purchase.userId === playerId || (purchase.gift?.userId === playerId && purchase.gift.deliveredAt !== null);
