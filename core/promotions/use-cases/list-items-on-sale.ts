import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { Clock } from '../../shared/ports.ts';
import type { PromotionRepository } from '../ports.ts';
import { liveSaleFor, priceItem } from '../model/pricing.ts';

/** An item the cards show on sale: its catalogue price, its sale price, and when the sale ends. */
export interface ItemOnSale {
  productType: string;
  productId: string;
  optionId: string | null;
  listPriceCents: number;
  salePriceCents: number;
  percentOff: number;
  saleName: string;
  endsAt: Date;
}

/** Every catalogue item on sale now (each option of a product with options). */
export class ListItemsOnSale {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly promotions: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<ItemOnSale[]> {
    const now = this.clock.now();
    const sales = await this.promotions.liveSales(now);
    if (sales.length === 0) return [];
    const items: ItemOnSale[] = [];
    for (const product of this.catalogue.list()) {
      const sale = liveSaleFor(sales, product, now);
      if (!sale) continue;
      const options = product.options.length > 0 ? product.options.map((option) => option.id) : [undefined];
      for (const optionId of options) {
        const quote = priceItem(this.catalogue.price(product.id, product.type, optionId), sale, null);
        items.push({
          productType: product.type,
          productId: product.id,
          optionId: optionId ?? null,
          listPriceCents: quote.listPriceCents,
          salePriceCents: quote.totalCents,
          percentOff: sale.percentOff,
          saleName: sale.name,
          endsAt: sale.endsAt,
        });
      }
    }
    return items;
  }
}
