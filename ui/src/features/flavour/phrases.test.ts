import { describe, expect, it } from 'vitest';
import { DEFAULT_PHRASE, FLAVOUR_PHRASES, flavourPhrase } from './phrases.ts';

describe('flavour phrases', () => {
  it('has four distinct phrases for every key the product document lists', () => {
    const keys = [
      'bayou-basic',
      'parish-life',
      'swamp-blood',
      'gator-crown',
      'voodoo-experience',
      'starter-gang',
      'hood-package',
      'swamp-syndicate',
      'city-unban',
      'discord-unban',
      'anticheat-unban',
      'login',
      'logout',
      'shop',
      'discord',
      'cart',
      'profile',
      'features',
      'addToCart',
      'checkout',
      'processing',
    ];
    expect(Object.keys(FLAVOUR_PHRASES).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(new Set(FLAVOUR_PHRASES[key as keyof typeof FLAVOUR_PHRASES]).size).toBe(4);
  });

  it('picks each of the four with the random source', () => {
    const picks = [0, 0.26, 0.51, 0.99].map((value) => flavourPhrase('login', () => value));
    expect(picks).toEqual([...FLAVOUR_PHRASES.login]);
  });

  it("falls back to 'Welcome to the Louisiana experience, cher!'", () => {
    expect(flavourPhrase('no-such-key')).toBe(DEFAULT_PHRASE);
    expect(DEFAULT_PHRASE).toBe('Welcome to the Louisiana experience, cher!');
  });
});
