import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../support/test-system.ts';

const STRIPE_ORIGINS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectProtective(response: Response, what: string) {
  const csp = response.headers.get('content-security-policy');
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  expect(directives(csp).get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(response.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
}

function stripeOriginsIn(response: Response): string[] {
  const csp = response.headers.get('content-security-policy') ?? '';
  return STRIPE_ORIGINS.filter((origin) => csp.includes(origin));
}

describe('security headers (development configuration)', () => {
  let server: TestServer;
  let player: SignedIn;
  let asset: string;
  beforeAll(async () => {
    server = await sharedTestServer();
    player = await signIn(server);
    asset = `/assets/${readdirSync('ui/dist/assets').find((name) => name.endsWith('.js'))}`;
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

  it('puts the protective headers on every kind of response, and no HSTS outside production', async () => {
    const kinds: Array<[string, () => Promise<Response>, number]> = [
      ['HTML page', () => get('/'), 200],
      ['payment page', () => get('/stripe-checkout?type=whitelist&id=bayou-basic'), 200],
      ['API JSON', () => get('/api/catalogue'), 200],
      ['signed-in API JSON', () => get('/api/auth/user', { headers: { cookie: player.cookie } }), 200],
      ['API 404', () => get('/api/no-such-route'), 404],
      ['asset 404', () => get('/assets/no-such-file.js'), 404],
      [
        'API 400',
        () =>
          get('/api/auth/dev-login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"broken":',
          }),
        400,
      ],
      ['API 401', () => get('/api/applications/mine'), 401],
      ['API 405', () => get('/api/catalogue', { method: 'DELETE' }), 405],
      ['static asset', () => get(asset), 200],
      ['health', () => get('/api/health'), 200],
    ];
    for (const [what, send, status] of kinds) {
      const response = await send();
      expect(response.status, what).toBe(status);
      expectProtective(response, what);
      expect(response.headers.get('strict-transport-security'), `${what}: HSTS`).toBeNull();
    }
  });

  it("names Stripe's origins only on the payment pages", async () => {
    expect(stripeOriginsIn(await get('/checkout'))).toEqual(STRIPE_ORIGINS);
    expect(stripeOriginsIn(await get('/stripe-checkout?type=gang&id=hood-package'))).toEqual(STRIPE_ORIGINS);
    for (const path of [
      '/',
      '/whitelist',
      '/gangs',
      '/admin',
      '/checkout-success',
      '/no-such-page',
      asset,
      '/api/catalogue',
      '/api/payments/config',
    ]) {
      expect(stripeOriginsIn(await get(path)), path).toEqual([]);
    }
    const page = directives((await get('/gangs')).headers.get('content-security-policy'));
    expect(page.get('script-src')).toEqual(["'self'"]);
    expect(page.get('frame-src')).toEqual(["'none'"]);
  });

  it('marks signed-in API responses and session-setting answers no-store, and leaves the public catalogue cacheable', async () => {
    const signedInPaths = [
      '/api/auth/user',
      '/api/user/tokens',
      '/api/user/tokens/history',
      '/api/applications/mine',
      '/api/staff-applications/mine',
      '/api/catalogue',
      '/api/purchases/recent',
      '/api/payments/config',
    ];
    for (const path of signedInPaths) {
      const response = await get(path, { headers: { cookie: player.cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const signingIn = await get('/api/auth/dev-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'headers', discordId: '123456789012345678' }),
    });
    expect(signingIn.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(signingIn.headers.get('cache-control')).toBe('no-store');
    const anonymous = await get('/api/catalogue');
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('security headers in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ui: true,
      env: PRODUCTION_ENV,
    });
  });
  afterAll(() => server?.stop());

  it('adds HSTS to every response', async () => {
    for (const path of ['/', '/checkout', '/api/catalogue', '/api/health', '/api/no-such-route']) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expectProtective(response, path);
      expect(response.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d{7,}/);
    }
  });
});
