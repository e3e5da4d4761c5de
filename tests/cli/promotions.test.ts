import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

// The commands run on the test server's own system: what they create, the site's checkout prices with.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const cli = (...args: string[]) => runCliOn(server.system, args);

describe('coupons and sales from the terminal', () => {
  it('creates, lists, shows and disables a coupon, and the checkout prices with it', async () => {
    const admin = await signIn(server, { role: 'admin' });
    const created = await cli(
      'coupons',
      'create',
      'winter15',
      '--percent',
      '15',
      '--types',
      'gang,unban',
      '--max-uses',
      '100',
      '--per-player',
      '1',
      '--expires',
      '2099-01-01T00:00:00Z',
      '--as',
      admin.user.discordId,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.trim()).toMatch(
      /^Created WINTER15\s+15%\s+active\s+0\/100 uses\s+until 2099-01-01 00:00\s+gang,unban$/,
    );

    const fixed = await cli(
      'coupons',
      'create',
      'PASS5',
      '--amount',
      '5',
      '--products',
      'swamp-blood',
      '--months',
      'forever',
    );
    expect(fixed.code, fixed.stderr).toBe(0);
    const listed = await cli('coupons', 'list', '--json');
    const coupons = JSON.parse(listed.stdout);
    expect(coupons.map((c: { code: string }) => c.code).sort()).toEqual(['PASS5', 'WINTER15']);
    expect(coupons.find((c: { code: string }) => c.code === 'PASS5')).toMatchObject({
      amountOff: 5,
      productIds: ['swamp-blood'],
      months: null,
      state: 'active',
    });

    const buyer = client(server.url, (await signIn(server)).cookie);
    const started = await buyer.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      couponCode: 'Winter15',
    });
    expect(started.body).toMatchObject({ amount: 68, couponCode: 'WINTER15' });

    const shown = await cli('coupons', 'show', 'winter15');
    expect(shown.stdout).toMatch(/^uses {11}1$/m);
    expect(shown.stdout).toMatch(/^perPlayer {6}1$/m);

    const disabled = await cli('coupons', 'disable', 'winter15');
    expect(disabled.stdout.trim()).toBe('Disabled WINTER15: checkouts refuse it from now on.');
    const refused = await buyer.get('/api/checkout/quote?productType=gang&productId=starter-gang&coupon=winter15');
    expect(refused.body.couponRefusal.code).toBe('COUPON_DISABLED');
  });

  it('refuses bad coupons with a clear message and a non-zero exit', async () => {
    const both = await cli('coupons', 'create', 'BAD', '--amount', '5', '--percent', '5');
    expect(both.code).not.toBe(0);
    const none = await cli('coupons', 'create', 'BAD');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('Give either a percent or an amount off, not both.');
    const unknown = await cli('coupons', 'show', 'nope');
    expect(unknown.stderr).toContain('There is no coupon code NOPE.');
    const type = await cli('coupons', 'create', 'TYPO', '--percent', '5', '--types', 'gangs');
    expect(type.code).not.toBe(0);
  });

  it('creates, lists and ends a sale', async () => {
    const created = await cli(
      'sales',
      'create',
      'Gang week',
      '--percent',
      '20',
      '--types',
      'gang',
      '--ends',
      '2099-01-01T00:00:00Z',
    );
    expect(created.code, created.stderr).toBe(0);
    const [sale] = JSON.parse((await cli('sales', 'list', '--json')).stdout);
    expect(sale).toMatchObject({ name: 'Gang week', percentOff: 20, productTypes: ['gang'], state: 'live' });
    const quote = await client(server.url, (await signIn(server)).cookie).get(
      '/api/checkout/quote?productType=gang&productId=hood-package',
    );
    expect(quote.body).toMatchObject({ sale: { name: 'Gang week', price: 64 }, total: 64 });
    const ended = await cli('sales', 'end', sale.id);
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stdout).toContain('ended');
    expect((await cli('sales', 'end', 'nope')).stderr).toContain("No sale has the id 'nope'.");
  });
});
