import type { Fulfilment } from './fulfilment.ts';
import type { SaleKind } from './platform-rules.ts';

export const PRODUCT_TYPES = ['whitelist', 'gang', 'addon', 'unban'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface ProductOption {
  id: string;
  label: string;
  priceCents: number;
  isPackage: boolean;
}

export interface Product {
  type: ProductType;
  id: string;
  name: string;
  description: string;
  features: string[];
  /** null when the product is only sold as one of its options */
  priceCents: number | null;
  options: ProductOption[];
  popular: boolean;
  recommended: boolean;
  /** ids that also name this product (older links) */
  aliases: string[];
  /** fixed token grant; null means one token per whole dollar paid */
  fixedTokens: number | null;
  /** whitelist queue priority or unban processing time, shown on the cards */
  detail?: string;
  /** how the product reaches the buyer and in what time: every page that states it reads it from here */
  fulfilment: Fulfilment;
  /** what it sells, as the FiveM platform's rules read it (`catalogue check`) */
  sells: SaleKind;
  /** it gives a reward drawn at random */
  randomRewards?: boolean;
  /** it sells access to the server itself: the feature that says so */
  grantsAccess?: string;
}

/** What a buyer pays for: a product, and the option when the product has several prices. */
export interface PricedItem {
  product: Product;
  option: ProductOption | null;
  name: string;
  priceCents: number;
  tokens: number;
}

export function tokensFor(product: Product, priceCents: number): number {
  return product.fixedTokens ?? Math.floor(priceCents / 100);
}
