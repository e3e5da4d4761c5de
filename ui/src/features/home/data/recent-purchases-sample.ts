/** One line of the home page's Recent Purchases panel (SPEC section 3, recent-purchase display item). */
export interface RecentPurchaseItem {
  /** a shortened person name, e.g. 'Jean B.' */
  name: string;
  item: string;
  /** dollars */
  amount: number;
  /** relative text such as '2 minutes ago' */
  time: string;
}

/** The 15 sample entries of SPEC section 3, shown until the store has real sales. */
export const SAMPLE_RECENT_PURCHASES: readonly RecentPurchaseItem[] = [
  { name: 'Jean B.', item: 'Voodoo Experience Whitelist', amount: 175, time: '2 minutes ago' },
  { name: 'Marie T.', item: 'Hood Package', amount: 80, time: '5 minutes ago' },
  { name: 'Andre L.', item: 'Anti-Cheat Unban', amount: 100, time: '9 minutes ago' },
  { name: 'Celeste R.', item: 'Swamp Enforcer Whitelist', amount: 125, time: '14 minutes ago' },
  { name: 'Luc D.', item: 'Custom Chains', amount: 125, time: '18 minutes ago' },
  { name: 'Josie M.', item: 'Bayou Basic Whitelist', amount: 20, time: '23 minutes ago' },
  { name: 'Remy F.', item: 'Discord Unban', amount: 19.99, time: '27 minutes ago' },
  { name: 'Odile P.', item: 'Starter Gang #1', amount: 50, time: '31 minutes ago' },
  { name: 'Gus H.', item: 'City Unban', amount: 199, time: '36 minutes ago' },
  { name: 'Sabine G.', item: 'Parish Elite Whitelist', amount: 75, time: '42 minutes ago' },
  { name: 'Theo A.', item: 'Custom Tattoos', amount: 100, time: '47 minutes ago' },
  { name: 'Lucille V.', item: 'Swamp Syndicate', amount: 150, time: '53 minutes ago' },
  { name: 'Pierre C.', item: 'Red Zone Access', amount: 15, time: '1 hour ago' },
  { name: 'Nadine K.', item: 'Bayou Guardian Whitelist', amount: 50, time: '1 hour ago' },
  { name: 'Cyril W.', item: 'Priority Queue', amount: 25, time: '2 hours ago' },
];
