import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { ProductType } from '../../catalogue/model/product.ts';
import { UnknownProductsError } from '../errors.ts';

/** the catalogue ids of `ids` (an alias gives its product's id); throws naming those the catalogue lacks */
export function catalogueIds(catalogue: Catalogue, ids: readonly string[]): string[] {
  const unknown = ids.filter((id) => !catalogue.list().some((p) => p.id === id || p.aliases.includes(id)));
  if (unknown.length > 0) throw new UnknownProductsError(unknown);
  return [...new Set(ids.map((id) => catalogue.find(id).id))];
}

/** What a coupon or a sale applies to: catalogue ids (checked, aliases resolved) and types, each once; none: all. */
export function catalogueScope(
  catalogue: Catalogue,
  terms: { productIds: readonly string[]; productTypes: readonly ProductType[] },
): { productIds: string[]; productTypes: ProductType[] } {
  return { productIds: catalogueIds(catalogue, terms.productIds), productTypes: [...new Set(terms.productTypes)] };
}
