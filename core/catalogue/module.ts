import type { Catalogue } from './model/catalogue.ts';
import { FindProduct } from './use-cases/find-product.ts';
import { ListCatalogue } from './use-cases/list-catalogue.ts';

/** The catalogue's use cases: static products, so they need nothing but the catalogue. */
export function createCatalogueModule(catalogue: Catalogue) {
  return {
    list: new ListCatalogue(catalogue),
    find: new FindProduct(catalogue),
  };
}
