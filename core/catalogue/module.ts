import type { Catalogue } from './catalogue.ts';
import { FindProduct } from './find-product.ts';
import { ListCatalogue } from './list-catalogue.ts';

/** The catalogue's use cases: static products, so they need nothing but the catalogue. */
export function createCatalogueModule(catalogue: Catalogue) {
  return {
    list: new ListCatalogue(catalogue),
    find: new FindProduct(catalogue),
  };
}
