import type { Catalogue } from '../catalogue/catalogue.ts';
import { UnknownProductsError } from './errors.ts';

/** the catalogue ids of `ids` (an alias gives its product's id); throws naming those the catalogue lacks */
export function catalogueIds(catalogue: Catalogue, ids: readonly string[]): string[] {
  const unknown = ids.filter((id) => !catalogue.list().some((p) => p.id === id || p.aliases.includes(id)));
  if (unknown.length > 0) throw new UnknownProductsError(unknown);
  return [...new Set(ids.map((id) => catalogue.find(id).id))];
}
