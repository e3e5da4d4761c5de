import { beforeAll, describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../adapters/http/contract/auth.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

const OFF_SITE = [
  '//evil.com',
  '//evil.com/whitelist',
  'https://evil.com',
  'http://evil.com/whitelist',
  '/\\evil.com',
  '\\\\evil.com',
  '/%5Cevil.com',
  'javascript:alert(1)',
  ' /whitelist',
  '/whitelist#https://evil.com',
  '/whitelist?next=a b',
  '/unknown-page',
  '/dev-login',
  '/account/receipts/../admin',
  '/account/receipts/',
  '/account//receipts/abc',
  '',
  'whitelist',
];

describe('safeReturnTo: same-origin pages only', () => {
  it('keeps a known page with its query', () => {
    expect(safeReturnTo('/stripe-checkout?type=whitelist&id=swamp-blood')).toBe(
      '/stripe-checkout?type=whitelist&id=swamp-blood',
    );
    expect(safeReturnTo('/whitelist')).toBe('/whitelist');
    expect(safeReturnTo('/account')).toBe('/account');
    // a page with a parameter, such as one receipt, is a page too
    expect(safeReturnTo('/account/receipts/0b6f7c1e-4d2a-4c55-9a7e-2f1d3c4b5a69')).toBe(
      '/account/receipts/0b6f7c1e-4d2a-4c55-9a7e-2f1d3c4b5a69',
    );
    expect(safeReturnTo('/checkout?productType=addon&productId=swamp-vehicles&price=75')).toBe(
      '/checkout?productType=addon&productId=swamp-vehicles&price=75',
    );
  });

  it.each(OFF_SITE)('sends %j home', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('sends anything that is not a short string home', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/whitelist'])).toBe('/');
    expect(safeReturnTo(`/whitelist?${'a'.repeat(600)}`)).toBe('/');
  });
});

describe('the development sign-in keeps the return path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await sharedTestServer();
  });

  it('starts at /dev-login with the returnTo, and the sign-in answers it as redirectTo', async () => {
    const payment = '/stripe-checkout?type=whitelist&id=swamp-blood';
    for (const start of ['/api/login', '/api/auth/discord']) {
      const response = await fetch(`${server.url}${start}?returnTo=${encodeURIComponent(payment)}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/dev-login?returnTo=${encodeURIComponent(payment)}`);
    }
    const offSite = await fetch(`${server.url}/api/login?returnTo=${encodeURIComponent('//evil.com')}`, {
      redirect: 'manual',
    });
    expect(offSite.headers.get('location')).toBe('/dev-login');

    const signIn = (returnTo: string) =>
      fetch(`${server.url}/api/auth/dev-login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'Returning Remy', discordId: '123456789012345', returnTo }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await signIn(payment)).toMatchObject({ status: 200, body: { redirectTo: payment } });
    for (const returnTo of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])
      expect(await signIn(returnTo)).toMatchObject({ status: 200, body: { redirectTo: '/' } });
  });
});
