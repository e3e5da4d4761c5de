import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueResponseSchema } from '../../adapters/http/contract/catalogue.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

describe('GET /api/catalogue', () => {
  it('returns every product with prices in dollars', async () => {
    const response = await fetch(`${server.url}/api/catalogue`);
    expect(response.status).toBe(200);
    const body = await response.json();
    const { products } = catalogueResponseSchema.parse(body);
    // the contract lists every field sent: data only, with icons and button texts left to the UI
    expect(catalogueResponseSchema.parse(body)).toEqual(body);
    expect(body.products.some((product: object) => 'icon' in product || 'buttonText' in product)).toBe(false);
    const byId = new Map(products.map((product) => [product.id, product]));
    expect(products.filter((p) => p.type === 'whitelist').map((p) => [p.id, p.price, p.tokens])).toEqual([
      ['bayou-basic', 20, 25],
      ['parish-life', 40, 50],
      ['swamp-blood', 60, 100],
      ['gator-crown', 100, 200],
      ['voodoo-experience', 175, 500],
    ]);
    expect(products.filter((p) => p.type === 'gang').map((p) => [p.id, p.price])).toEqual([
      ['starter-gang', 50],
      ['hood-package', 80],
      ['swamp-syndicate', 150],
    ]);
    expect(byId.get('hood-package')?.aliases).toContain('crime-family');
    expect(products.filter((p) => p.type === 'unban').map((p) => [p.id, p.price, p.tokens])).toEqual([
      ['city-unban', 199, 199],
      ['discord-unban', 19.99, 19],
      ['anticheat-unban', 100, 100],
    ]);
    expect(products.filter((p) => p.type === 'addon')).toHaveLength(7);
    expect(byId.get('custom-tattoos')?.price).toBeNull();
    expect(byId.get('custom-tattoos')?.options.map((o) => [o.id, o.price])).toEqual([
      ['upper-body', 75],
      ['lower-body', 50],
      ['face-neck-head', 40],
      ['full-body-package', 150],
    ]);
    expect(byId.get('ped-creation')?.options.find((o) => o.id === 'premium-package')).toMatchObject({
      price: 250,
      isPackage: true,
      tokens: 250,
    });
    expect(byId.get('swamp-vehicles')?.price).toBe(115);
  });

  it('filters by type and refuses an unknown type with a 400 naming it', async () => {
    const gangs = await (await fetch(`${server.url}/api/catalogue?type=gang`)).json();
    expect(gangs.products).toHaveLength(3);
    const bad = await fetch(`${server.url}/api/catalogue?type=weapons`);
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.issues[0].path).toBe('type');
  });

  it('answers a repeat with the same ETag and 304 Not Modified, and each filter with its own', async () => {
    const first = await fetch(`${server.url}/api/catalogue`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    // as a browser revalidates (fetch() itself would add Cache-Control: no-cache to a conditional request)
    const revalidate = (tag: string) => ({ 'If-None-Match': tag, 'Cache-Control': 'max-age=0' });
    const again = await fetch(`${server.url}/api/catalogue`, { headers: revalidate(etag!) });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const gangs = await fetch(`${server.url}/api/catalogue?type=gang`, { headers: revalidate(etag!) });
    expect(gangs.status).toBe(200);
    expect(gangs.headers.get('etag')).not.toBe(etag);
    expect(gangs.headers.get('content-type')).toContain('application/json');
    const stale = await fetch(`${server.url}/api/catalogue`, { headers: revalidate('"something-else"') });
    expect(stale.status).toBe(200);
    expect((await stale.json()).products.length).toBeGreaterThan(0);
  });
});
