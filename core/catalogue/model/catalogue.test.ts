import { describe, expect, it } from 'vitest';
import { Catalogue } from './catalogue.ts';

const catalogue = new Catalogue();

describe('catalogue (docs/product.md#catalogue)', () => {
  it.each([
    ['bayou-basic', 'Bayou Basic', 2000, 25],
    ['parish-life', 'Parish Life', 4000, 50],
    ['swamp-blood', 'Swamp Blood', 6000, 100],
    ['gator-crown', 'Gator Crown', 10000, 200],
    ['voodoo-experience', 'Voodoo Experience', 17500, 500],
  ])('whitelist tier %s costs %s cents and grants its tokens', (id, name, cents, tokens) => {
    const item = catalogue.price(id, 'whitelist');
    expect(item).toMatchObject({ name, priceCents: cents, tokens });
  });

  it('lists the five tiers in order with Swamp Blood as most popular', () => {
    const tiers = catalogue.list('whitelist');
    expect(tiers.map((tier) => tier.id)).toEqual([
      'bayou-basic',
      'parish-life',
      'swamp-blood',
      'gator-crown',
      'voodoo-experience',
    ]);
    expect(tiers.filter((tier) => tier.popular).map((tier) => tier.id)).toEqual(['swamp-blood']);
  });

  it.each([
    ['starter-gang', 5000, 50],
    ['hood-package', 8000, 80],
    ['swamp-syndicate', 15000, 150],
  ])('gang package %s costs %s cents and grants one token per dollar', (id, cents, tokens) => {
    expect(catalogue.price(id, 'gang')).toMatchObject({ priceCents: cents, tokens });
  });

  it('accepts crime-family as the alias of the Hood Package, which is recommended', () => {
    const item = catalogue.price('crime-family', 'gang');
    expect(item.product.id).toBe('hood-package');
    expect(item.product.recommended).toBe(true);
    expect(item.priceCents).toBe(8000);
  });

  it('holds the swamp syndicate features of the product document', () => {
    expect(catalogue.find('swamp-syndicate').features).toEqual(
      expect.arrayContaining(['3 turf blocks', '3 custom uniforms', '1 custom chain', '2 clock-in permissions']),
    );
  });

  it.each([
    ['city-unban', 19900, 199, true],
    ['discord-unban', 1999, 19, false],
    ['anticheat-unban', 10000, 100, false],
  ])('unban %s costs %s cents, grants %s tokens', (id, cents, tokens, recommended) => {
    const item = catalogue.price(id, 'unban');
    expect(item).toMatchObject({ priceCents: cents, tokens });
    expect(item.product.recommended).toBe(recommended);
  });

  it.each([
    ['custom-tattoos', 'upper-body', 7500],
    ['custom-tattoos', 'lower-body', 5000],
    ['custom-tattoos', 'face-neck-head', 4000],
    ['custom-tattoos', 'full-body-package', 15000],
    ['bayou-chains', 'basic', 5000],
    ['bayou-chains', 'custom-logo', 7500],
    ['bayou-chains', 'iced-out', 10000],
    ['bayou-chains', 'premium-package', 15000],
    ['female-customization', 'nail-art', 2500],
    ['female-customization', 'complete-package', 15000],
    ['ped-creation', 'basic', 7500],
    ['ped-creation', 'advanced', 10000],
    ['ped-creation', 'real-life', 15000],
    ['ped-creation', 'premium-package', 25000],
  ])('add-on %s option %s costs %s cents and grants a token per dollar', (id, option, cents) => {
    expect(catalogue.price(id, 'addon', option)).toMatchObject({ priceCents: cents, tokens: cents / 100 });
  });

  it.each([
    ['swamp-vehicles', 11500],
    ['vip-housing', 10000],
    ['business-package', 15000],
  ])('single-price add-on %s costs %s cents', (id, cents) => {
    expect(catalogue.price(id, 'addon')).toMatchObject({ priceCents: cents, tokens: cents / 100 });
  });

  it('has seven add-ons whose ids are their names lowercased with hyphens', () => {
    const addons = catalogue.list('addon');
    expect(addons).toHaveLength(7);
    for (const addon of addons) expect(addon.id).toBe(addon.name.toLowerCase().replace(/ /g, '-'));
  });

  it('maps the checkout id character-work to ped creation', () => {
    expect(catalogue.price('character-work', 'addon', 'basic').product.id).toBe('ped-creation');
  });

  it('asks for an option on a multi-price add-on and refuses an unknown one', () => {
    expect(() => catalogue.price('custom-tattoos', 'addon')).toThrow(
      expect.objectContaining({ code: 'OPTION_REQUIRED', kind: 'invalid' }),
    );
    expect(() => catalogue.price('custom-tattoos', 'addon', 'elbow')).toThrow(
      expect.objectContaining({ code: 'OPTION_NOT_FOUND' }),
    );
  });

  it('fails with a typed not-found error for an unknown product or a type mismatch', () => {
    expect(() => catalogue.find('golden-ticket')).toThrow(
      expect.objectContaining({ code: 'PRODUCT_NOT_FOUND', kind: 'not_found' }),
    );
    expect(() => catalogue.find('bayou-basic', 'gang')).toThrow(expect.objectContaining({ code: 'PRODUCT_NOT_FOUND' }));
  });
});
