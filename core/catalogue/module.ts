import type { Catalogue } from './model/catalogue.ts';
import { CheckPlatformRules, type StoreRuleSettings } from './use-cases/check-platform-rules.ts';
import { FindProduct } from './use-cases/find-product.ts';
import { ListCatalogue } from './use-cases/list-catalogue.ts';

/** The catalogue's use cases: static products, so they need nothing but the catalogue and the store's settings. */
export function createCatalogueModule(catalogue: Catalogue, settings: StoreRuleSettings) {
  return {
    list: new ListCatalogue(catalogue),
    find: new FindProduct(catalogue),
    checkPlatformRules: new CheckPlatformRules(catalogue, settings),
  };
}
