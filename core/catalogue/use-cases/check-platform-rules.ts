import type { Catalogue } from '../model/catalogue.ts';
import { type PlatformRisk, risksOf, type SaleKind } from '../model/platform-rules.ts';
import type { ProductType } from '../model/product.ts';

/** The settings the store sells under: listed on FiveM (FIVEM_LISTED), and tokens credited for money (PURCHASE_TOKENS). */
export interface StoreRuleSettings {
  fivemListed: boolean;
  /** FIVEM_LISTED was set, rather than following GAME_API_KEY */
  fivemListedSet: boolean;
  purchaseTokens: boolean;
}

export interface PlatformRulesReport extends StoreRuleSettings {
  /** every product, with what it sells and the ways it risks the platform's rules (none: it keeps to them) */
  items: { id: string; type: ProductType; name: string; sells: SaleKind; risks: PlatformRisk[] }[];
}

/**
 * Reads the catalogue against the FiveM platform's rules (`catalogue check`, the admin dashboard): which items sell a
 * currency, a random reward or access to the server itself, and why.
 */
export class CheckPlatformRules {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly settings: StoreRuleSettings,
  ) {}

  execute(): PlatformRulesReport {
    return {
      ...this.settings,
      items: this.catalogue.list().map((product) => ({
        id: product.id,
        type: product.type,
        name: product.name,
        sells: product.sells,
        risks: risksOf(product, this.settings),
      })),
    };
  }
}
