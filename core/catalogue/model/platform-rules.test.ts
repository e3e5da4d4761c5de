import { describe, expect, it } from 'vitest';
import { risksOf } from './platform-rules.ts';
import { ADDONS, UNBAN_SERVICES, WHITELIST_TIERS } from './products.ts';
import type { Product } from './product.ts';

const tattoos = ADDONS.find((product) => product.id === 'custom-tattoos') as Product;

describe("the platform's rules per item", () => {
  it('names a currency for tokens credited for money, and nothing once purchases credit none', () => {
    expect(risksOf(tattoos, { purchaseTokens: true })).toEqual([
      { rule: 'currency', why: 'credits tokens for money (1 a dollar), a currency the game spends' },
    ]);
    expect(risksOf(tattoos, { purchaseTokens: false })).toEqual([]);
    expect(risksOf({ ...tattoos, fixedTokens: 0 }, { purchaseTokens: true })).toEqual([]);
  });

  it('names the access a pass sells, a currency sold as such, and a random reward', () => {
    expect(risksOf(WHITELIST_TIERS[0], { purchaseTokens: false })).toEqual([
      { rule: 'access', why: 'sells access to the server itself ("Whitelist server access")' },
    ]);
    const coins: Product = { ...tattoos, id: 'coins', sells: 'currency', fixedTokens: 0 };
    expect(risksOf(coins, { purchaseTokens: true })).toEqual([{ rule: 'currency', why: 'sells a virtual currency' }]);
    const crate: Product = { ...tattoos, id: 'crate', fixedTokens: 0, randomRewards: true };
    expect(risksOf(crate, { purchaseTokens: true })).toEqual([
      { rule: 'random-rewards', why: 'gives a random reward for money' },
    ]);
    expect(risksOf(UNBAN_SERVICES[0], { purchaseTokens: false })).toEqual([]);
  });
});
