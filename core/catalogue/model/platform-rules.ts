import { type Product, tokensFor } from './product.ts';

/**
 * What an item sells, as the FiveM platform's rules read it: a place in the queue, a look, a convenience in the game,
 * a service done by staff, or a currency. Each product declares one.
 */
export const SALE_KINDS = ['queue-priority', 'cosmetic', 'convenience', 'service', 'currency'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export const SALE_KIND_LABELS: Record<SaleKind, string> = {
  'queue-priority': 'queue priority',
  cosmetic: 'cosmetic',
  convenience: 'convenience',
  service: 'service',
  currency: 'currency',
};

/**
 * The rules an item can break (the Cfx.re platform licence and Rockstar's policy for roleplay servers): selling a
 * virtual currency, selling paid random rewards, and selling access to the server itself.
 */
export const PLATFORM_RULES = ['currency', 'random-rewards', 'access'] as const;
export type PlatformRule = (typeof PLATFORM_RULES)[number];

/** One way an item risks the platform's rules, and why. */
export interface PlatformRisk {
  rule: PlatformRule;
  why: string;
}

/** What the store's settings change in the check: whether purchases credit tokens (PURCHASE_TOKENS). */
export interface RuleSettings {
  purchaseTokens: boolean;
}

/** The ways a product risks the platform's rules, none when it keeps to them. */
export function risksOf(product: Product, settings: RuleSettings): PlatformRisk[] {
  const risks: PlatformRisk[] = [];
  if (product.sells === 'currency') risks.push({ rule: 'currency', why: 'sells a virtual currency' });
  const tokens = tokensForMoney(product);
  if (settings.purchaseTokens && tokens > 0)
    risks.push({
      rule: 'currency',
      why:
        product.fixedTokens === null
          ? 'credits tokens for money (1 a dollar), a currency the game spends'
          : `credits ${tokens} tokens for money, a currency the game spends`,
    });
  if (product.randomRewards) risks.push({ rule: 'random-rewards', why: 'gives a random reward for money' });
  if (product.grantsAccess)
    risks.push({ rule: 'access', why: `sells access to the server itself ("${product.grantsAccess}")` });
  return risks;
}

/** the most tokens any price of the product credits */
function tokensForMoney(product: Product): number {
  const prices =
    product.options.length > 0 ? product.options.map((option) => option.priceCents) : [product.priceCents ?? 0];
  return Math.max(...prices.map((cents) => tokensFor(product, cents)));
}
