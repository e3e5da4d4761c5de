import type { Catalogue } from './catalogue.ts';
import type { Product, ProductType } from './product.ts';

export class ListCatalogue {
  constructor(private readonly catalogue: Catalogue) {}

  execute(input: { type?: ProductType } = {}): Product[] {
    return this.catalogue.list(input.type);
  }
}
