import { beforeAll, describe, expect, it } from 'vitest';
import { matchPageRoute, PAGE_ROUTES, pagePath } from '../../adapters/http/contract/pages.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('page routes: the server knows which paths the UI has', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await sharedTestServer();
  });

  const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

  it('answers 200 with the UI for every page route', async () => {
    const results: string[] = [];
    for (const route of PAGE_ROUTES) {
      const path = pagePath(route, { id: '6f1c2d3e-0000-4000-8000-000000000001' });
      const response = await get(path);
      const html = await response.text();
      results.push(`${path} ${response.status} ${html.includes('<div id="root"') ? 'ui' : 'other'}`);
    }
    expect(results).toEqual(
      PAGE_ROUTES.map((route) => `${pagePath(route, { id: '6f1c2d3e-0000-4000-8000-000000000001' })} 200 ui`),
    );
    expect((await get('/faq/')).status).toBe(200);
    expect((await get('/checkout-success?payment_intent=pi_x')).status).toBe(200);
  });

  it('answers 404, still with the UI (which shows its 404 page), for any other path', async () => {
    for (const path of ['/no-such-page', '/account/receipts', '/account/receipts/a/b', '/faq/extra', '/index.html']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(await response.text(), path).toContain('<div id="root">');
    }
    // API paths and missing assets keep their own 404s
    expect((await get('/api/no-such-route')).headers.get('content-type')).toContain('application/json');
    expect((await get('/assets/no-such-file.js')).status).toBe(404);
  });

  it('matches a route pattern one segment per parameter', () => {
    expect(matchPageRoute('/account/receipts/abc-123')).toBe('/account/receipts/:id');
    expect(matchPageRoute('/account/')).toBe('/account');
    expect(matchPageRoute('/account/receipts/')).toBeNull();
    expect(matchPageRoute('/account/receipts/%2e%2e')).toBeNull();
  });
});
