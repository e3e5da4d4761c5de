/** One line of the home page's Recent Purchases panel (docs/product.md#home-and-landing). */
export interface RecentPurchaseItem {
  /** a shortened person name, e.g. 'Jean B.' */
  name: string;
  item: string;
  /** dollars */
  amount: number;
  /** ISO time of the sale, shown as relative text such as '2 minutes ago' */
  purchasedAt: string;
}

const loadedAt = Date.now();
const minutesAgo = (minutes: number) => new Date(loadedAt - minutes * 60_000).toISOString();

/** The 15 sample entries (docs/product.md#home-and-landing), timed back from when the page loaded, shown until the store has real sales. */
export const SAMPLE_RECENT_PURCHASES: readonly RecentPurchaseItem[] = [
  { name: 'Jean B.', item: 'Voodoo Experience Whitelist', amount: 175, purchasedAt: minutesAgo(2) },
  { name: 'Marie T.', item: 'Hood Package', amount: 80, purchasedAt: minutesAgo(5) },
  { name: 'Andre L.', item: 'Anti-Cheat Unban', amount: 100, purchasedAt: minutesAgo(9) },
  { name: 'Celeste R.', item: 'Swamp Enforcer Whitelist', amount: 125, purchasedAt: minutesAgo(14) },
  { name: 'Luc D.', item: 'Custom Chains', amount: 125, purchasedAt: minutesAgo(18) },
  { name: 'Josie M.', item: 'Bayou Basic Whitelist', amount: 20, purchasedAt: minutesAgo(23) },
  { name: 'Remy F.', item: 'Discord Unban', amount: 19.99, purchasedAt: minutesAgo(27) },
  { name: 'Odile P.', item: 'Starter Gang #1', amount: 50, purchasedAt: minutesAgo(31) },
  { name: 'Gus H.', item: 'City Unban', amount: 199, purchasedAt: minutesAgo(36) },
  { name: 'Sabine G.', item: 'Parish Elite Whitelist', amount: 75, purchasedAt: minutesAgo(42) },
  { name: 'Theo A.', item: 'Custom Tattoos', amount: 100, purchasedAt: minutesAgo(47) },
  { name: 'Lucille V.', item: 'Swamp Syndicate', amount: 150, purchasedAt: minutesAgo(53) },
  { name: 'Pierre C.', item: 'Red Zone Access', amount: 15, purchasedAt: minutesAgo(60) },
  { name: 'Nadine K.', item: 'Bayou Guardian Whitelist', amount: 50, purchasedAt: minutesAgo(66) },
  { name: 'Cyril W.', item: 'Priority Queue', amount: 25, purchasedAt: minutesAgo(120) },
];
