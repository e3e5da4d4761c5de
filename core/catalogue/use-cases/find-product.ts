import type { Catalogue } from '../model/catalogue.ts';
import type { PricedItem } from '../model/product.ts';

/** Finds one purchasable item by id (or alias) and option; fails with PRODUCT_NOT_FOUND. */
export class FindProduct {
  constructor(private readonly catalogue: Catalogue) {}

  execute(input: { id: string; type?: string; option?: string }): PricedItem {
    return this.catalogue.price(input.id, input.type, input.option);
  }
}
