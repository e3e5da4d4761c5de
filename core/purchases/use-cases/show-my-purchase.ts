import type { Clock } from '../../shared/ports.ts';
import { type BuyerPurchase, buyerView } from '../model/buyer-view.ts';
import type { PurchaseRepository } from '../ports.ts';
import { ShowPurchase } from './show-purchase.ts';

/** One of the buyer's own purchases by its id or payment intent; another buyer's reads as not found. */
export class ShowMyPurchase {
  private readonly show: ShowPurchase;

  constructor(
    purchases: PurchaseRepository,
    private readonly clock: Clock,
  ) {
    this.show = new ShowPurchase(purchases);
  }

  async execute(input: { reference: string; buyerId: string }): Promise<BuyerPurchase> {
    return buyerView(await this.show.execute(input), this.clock.now());
  }
}
