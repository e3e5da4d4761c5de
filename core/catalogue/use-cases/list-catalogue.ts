import type { Catalogue } from '../model/catalogue.ts';
import type { Product, ProductType } from '../model/product.ts';

export class ListCatalogue {
  constructor(private readonly catalogue: Catalogue) {}

  execute(input: { type?: ProductType } = {}): Product[] {
    return this.catalogue.list(input.type);
  }
}
