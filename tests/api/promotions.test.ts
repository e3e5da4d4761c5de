import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const DAY = 86_400_000;

/** the server's clock, moved by the tests (sales and coupons start and end by it) */
let now = new Date('2026-12-01T12:00:00Z');
let server: TestServer;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  await signInAdmin();
});
afterAll(() => server?.stop());

async function signInAdmin() {
  admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
}

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));

async function player() {
  const signed = await signIn(server);
  return { ...signed, http: client(server.url, signed.cookie) };
}

async function coupon(body: Record<string, unknown>) {
  const created = await admin.post('/api/coupons', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** buys as the card form would (the demo card 4242); answers what the checkout and the completion said */
const buy = (buyer: { cookie: string }, item: Parameters<typeof buyWithDemoCard>[2]) =>
  buyWithDemoCard(server.url, buyer, item);

const intentAmount = async (intentId: string) =>
  (await sql<{ amount_cents: number }[]>(`select amount_cents from demo_payment_intents where id = ?`, [intentId]))[0]
    ?.amount_cents;

describe('coupon codes at checkout (demo gateway)', () => {
  it('a percent and a fixed coupon on a gang package: charged less, shown with the code, tokens unchanged', async () => {
    await coupon({ code: 'gang20', percentOff: 20, productTypes: ['gang'] });
    await coupon({ code: 'FIVEOFF', amountOff: 5 });
    const buyer = await player();

    const quote = await buyer.http.get('/api/checkout/quote?productType=gang&productId=hood-package&coupon=Gang20');
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      listPrice: 80,
      sale: null,
      coupon: { code: 'GANG20', percentOff: 20, discount: 16 },
      total: 64,
      couponRefusal: null,
      stacking: 'Coupons are taken off the sale price.',
    });

    const percent = await buy(buyer, { productType: 'gang', productId: 'hood-package', couponCode: 'gang20' });
    expect(percent.started).toMatchObject({ amount: 64, listPrice: 80, couponCode: 'GANG20', tokensGranted: 80 });
    expect(percent.completed.tokensAwarded).toBe(80);
    expect(await intentAmount(percent.started.paymentIntentId)).toBe(6400);

    const fixed = await buy(buyer, { productType: 'gang', productId: 'starter-gang', couponCode: 'fiveoff' });
    expect(fixed.started).toMatchObject({ amount: 45, listPrice: 50, couponCode: 'FIVEOFF', tokensGranted: 50 });
    expect(await intentAmount(fixed.started.paymentIntentId)).toBe(4500);
    expect((await buyer.http.get('/api/user/tokens')).body.tokens).toBe(130);

    // the buyer's receipts, the admin's purchase dialog and the export show the price, the discount and the code
    const mine = await buyer.http.get(`/api/user/purchases/${percent.started.purchaseId}`);
    expect(mine.body).toMatchObject({ amount: 64, listPrice: 80, discount: 16, couponCode: 'GANG20', saleName: null });
    const detail = await admin.get(`/api/purchases/${fixed.started.purchaseId}`);
    expect(detail.body.purchase).toMatchObject({
      price: 45,
      amountPaid: 45,
      listPrice: 50,
      discount: 5,
      couponCode: 'FIVEOFF',
    });
    const csv = await fetch(`${server.url}/api/purchases/export.csv`, {
      headers: { cookie: (await signIn(server, { role: 'admin' })).cookie },
    });
    const [header, ...rows] = (await csv.text()).trim().split('\r\n');
    expect(header).toContain(',price,amountPaid,');
    expect(header).toMatch(
      /,gateway,listPrice,discount,couponCode,saleName,creatorCode,giftTo,giftMonths,consentGivenAt,consentVersion,consentAddress$/,
    );
    const row = rows.find((line) => line.startsWith(fixed.started.purchaseId));
    expect(row).toContain(',45,45,');
    // no sale, no creator code and no gift after the coupon
    // (the consent's three cells last)
    expect(row?.split(',').slice(0, -3).join(',')).toMatch(/,demo,50,5,FIVEOFF,,,,$/);
  });

  it('refuses an unknown, a not yet started, an expired, a disabled, a used-up and a wrong-product code, each saying why', async () => {
    await coupon({ code: 'LATER', percentOff: 10, startsAt: new Date(now.getTime() + DAY).toISOString() });
    await coupon({ code: 'GONE', percentOff: 10, expiresAt: new Date(now.getTime() - DAY).toISOString() });
    await coupon({ code: 'STOPPED', percentOff: 10 });
    expect((await admin.post('/api/coupons/stopped/disable', {})).body).toMatchObject({
      code: 'STOPPED',
      state: 'disabled',
    });
    await coupon({ code: 'ONCE', percentOff: 10, maxUses: 1 });
    await coupon({ code: 'UNBANS', percentOff: 10, productTypes: ['unban'] });
    const first = await player();
    await buy(first, { productType: 'gang', productId: 'starter-gang', couponCode: 'once' });

    const buyer = await player();
    const refusals: Record<string, [number, string, string]> = {
      NOPE: [404, 'COUPON_UNKNOWN', 'There is no coupon code NOPE. Check the spelling.'],
      later: [409, 'COUPON_NOT_STARTED', 'The coupon code LATER can be used from 2026-12-02.'],
      gone: [409, 'COUPON_EXPIRED', 'The coupon code GONE expired on 2026-11-30.'],
      stopped: [409, 'COUPON_DISABLED', 'The coupon code STOPPED is no longer valid.'],
      once: [409, 'COUPON_USED_UP', 'The coupon code ONCE has been used as many times as it allows.'],
      unbans: [409, 'COUPON_WRONG_PRODUCT', 'The coupon code UNBANS does not apply to Hood Package.'],
    };
    for (const [code, [status, reason, message]] of Object.entries(refusals)) {
      const quote = await buyer.http.get(`/api/checkout/quote?productType=gang&productId=hood-package&coupon=${code}`);
      expect(quote.body).toMatchObject({ total: 80, coupon: null, couponRefusal: { code: reason, message } });
      const started = await buyer.http.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId: 'hood-package',
        couponCode: code,
      });
      expect(started.status).toBe(status);
      expect(started.body).toMatchObject({ code: reason, message });
    }
    // nothing was stored for the refused checkouts
    expect(await sql(`select 1 from purchases where user_id = ?`, [buyer.user.id])).toEqual([]);
  });

  it('a per-player limit counts the player, and a failed checkout gives its use back', async () => {
    await coupon({ code: 'MINE', amountOff: 10, perPlayer: 1 });
    const buyer = await player();
    const started = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      couponCode: 'MINE',
    });
    expect(started.body.amount).toBe(70);
    // another item with the same code while the first checkout holds its use
    const second = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
      couponCode: 'mine',
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have used the coupon code MINE once, as many as it allows.');
    // starting the first item again without the code replaces its checkout, which gives the use back
    const replaced = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
    });
    expect(replaced.body).toMatchObject({ amount: 80, couponCode: null });
    expect(replaced.body.purchaseId).not.toBe(started.body.purchaseId);
    const again = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
      couponCode: 'mine',
    });
    expect(again.body).toMatchObject({ amount: 40, couponCode: 'MINE' });
    // someone else is not limited by this player's use
    const other = await player();
    const theirs = await other.http.get('/api/checkout/quote?productType=gang&productId=hood-package&coupon=mine');
    expect(theirs.body.couponRefusal).toBeNull();
  });

  it('a price the page sent must be the discounted one', async () => {
    await coupon({ code: 'HALF', percentOff: 50 });
    const buyer = await player();
    const listed = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      amount: 80,
      couponCode: 'half',
    });
    expect(listed.status).toBe(409);
    expect(listed.body.message).toBe(
      'Hood Package costs $40.00, not $80.00. Reload the page to see the current price.',
    );
    const fair = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      amount: 40,
      couponCode: 'half',
    });
    expect(fair.status).toBe(200);
  });

  it('a coupon on a Priority Pass for 2 months: two discounted monthly charges, then the full price', async () => {
    await coupon({ code: 'PASS2', percentOff: 25, productTypes: ['whitelist'], months: 2 });
    const buyer = await player();
    const first = await buy(buyer, { productType: 'whitelist', productId: 'swamp-blood', couponCode: 'pass2' });
    expect(first.started).toMatchObject({ amount: 45, listPrice: 60, couponCode: 'PASS2' });
    expect(first.completed.tokensAwarded).toBe(100);
    const membership = (await buyer.http.get('/api/membership')).body.membership;
    // the account's next charge is what the renewal will charge: discounted for the coupon's second month, then not
    expect(membership.nextCharge.amount).toBe(45);
    // and so do the admin's view and the terminal's (one reading of the membership)
    const shown = await server.system.database.withContext(() =>
      server.system.core.memberships.show.execute(membership.id),
    );
    expect(shown.view.nextCharge?.amountCents).toBe(4500);
    let periodEnd = new Date(membership.currentPeriodEnd);
    const nextCharges: number[] = [];
    for (let month = 0; month < 2; month++) {
      const report = await server.system.database.withContext(() =>
        server.system.core.memberships.renewDue.execute({ now: new Date(periodEnd.getTime() + 3_600_000) }),
      );
      expect(report.errors).toEqual([]);
      const renewed = (await buyer.http.get('/api/membership')).body.membership;
      periodEnd = new Date(renewed.currentPeriodEnd);
      nextCharges.push(renewed.nextCharge.amount);
    }
    expect(nextCharges).toEqual([60, 60]);
    const months = await sql<{ billing_reason: string; status: string; price_cents: number; tokens_awarded: number }[]>(
      `select billing_reason, status, price_cents, tokens_awarded from purchases where user_id = ? order by period_start`,
      [buyer.user.id],
    );
    expect(months).toEqual([
      { billing_reason: 'start', status: 'completed', price_cents: 4500, tokens_awarded: 100 },
      { billing_reason: 'renewal', status: 'completed', price_cents: 4500, tokens_awarded: 100 },
      { billing_reason: 'renewal', status: 'completed', price_cents: 6000, tokens_awarded: 100 },
    ]);
    const charges = await sql<{ amount_cents: number }[]>(
      `select amount_cents from demo_payment_intents where metadata->>'userId' = ? order by amount_cents`,
      [buyer.user.id],
    );
    expect(charges.map((charge) => charge.amount_cents)).toEqual([4500, 4500, 6000]);
  });

  it('admins list coupons with their uses and state; a code taken already is refused', async () => {
    await coupon({ code: 'LISTED', percentOff: 15, maxUses: 3 });
    const buyer = await player();
    await buy(buyer, { productType: 'gang', productId: 'starter-gang', couponCode: 'listed' });
    const listed = (await admin.get('/api/coupons')).body.coupons.find((c: { code: string }) => c.code === 'LISTED');
    expect(listed).toMatchObject({
      code: 'LISTED',
      percentOff: 15,
      amountOff: null,
      maxUses: 3,
      uses: 1,
      state: 'active',
      months: 1,
    });
    const again = await admin.post('/api/coupons', { code: 'listed', amountOff: 3 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A coupon with the code LISTED exists already.');
    const both = await admin.post('/api/coupons', { code: 'BOTH', amountOff: 3, percentOff: 3 });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('Give either a percent or an amount off, not both.');
    const unknown = await admin.post('/api/coupons', { code: 'WHAT', percentOff: 3, productIds: ['no-such-thing'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The catalogue has no product no-such-thing.');
  });
});

describe('timed sales', () => {
  it('a sale that starts and ends on the clock: its price on the cards and the charge only while it is on', async () => {
    const startsAt = new Date(now.getTime() + DAY);
    const endsAt = new Date(now.getTime() + 2 * DAY);
    const created = await admin.post('/api/sales', {
      name: 'Gang week',
      percentOff: 25,
      productTypes: ['gang'],
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.state).toBe('scheduled');
    const buyer = await player();
    const onSale = async () => (await client(server.url).get('/api/sales/live')).body.items;
    const quote = async (coupon = '') =>
      (await buyer.http.get(`/api/checkout/quote?productType=gang&productId=hood-package${coupon}`)).body;

    expect(await onSale()).toEqual([]);
    expect((await quote()).total).toBe(80);

    now = new Date(startsAt.getTime() + 60_000);
    // sessions age by the same clock: the admin signs in again a day later
    await signInAdmin();
    expect(await onSale()).toContainEqual({
      productType: 'gang',
      productId: 'hood-package',
      optionId: null,
      price: 80,
      salePrice: 60,
      percentOff: 25,
      saleName: 'Gang week',
      endsAt: endsAt.toISOString(),
    });
    expect(await quote()).toMatchObject({
      listPrice: 80,
      sale: { name: 'Gang week', percentOff: 25, price: 60, endsAt: endsAt.toISOString() },
      total: 60,
    });
    // a coupon is taken off the sale price
    await coupon({ code: 'SALEPLUS', percentOff: 10 });
    expect(await quote('&coupon=saleplus')).toMatchObject({ coupon: { discount: 6 }, total: 54 });
    const bought = await buy(buyer, { productType: 'gang', productId: 'hood-package' });
    expect(bought.started).toMatchObject({ amount: 60, listPrice: 80, tokensGranted: 80 });
    expect(await intentAmount(bought.started.paymentIntentId)).toBe(6000);
    const receipt = await buyer.http.get(`/api/user/purchases/${bought.started.purchaseId}`);
    expect(receipt.body).toMatchObject({
      amount: 60,
      listPrice: 80,
      discount: 20,
      saleName: 'Gang week',
      couponCode: null,
    });

    now = new Date(endsAt.getTime() + 60_000);
    await signInAdmin();
    expect(await onSale()).toEqual([]);
    const after = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(after.body).toMatchObject({ amount: 50, listPrice: 50 });
    const sales = (await admin.get('/api/sales')).body.sales;
    expect(sales.find((sale: { id: string }) => sale.id === created.body.id).state).toBe('ended');
  });

  it('an admin ends a sale early', async () => {
    await signInAdmin();
    const created = await admin.post('/api/sales', {
      name: 'Unban day',
      percentOff: 50,
      productTypes: ['unban'],
      startsAt: new Date(now.getTime() - 60_000).toISOString(),
      endsAt: new Date(now.getTime() + DAY).toISOString(),
    });
    expect(created.body.state).toBe('live');
    expect((await client(server.url).get('/api/sales/live')).body.items.length).toBeGreaterThan(0);
    const ended = await admin.post(`/api/sales/${created.body.id}/end`, {});
    expect(ended.body.state).toBe('ended');
    expect((await client(server.url).get('/api/sales/live')).body.items).toEqual([]);
    expect((await admin.post('/api/sales/not-an-id/end', {})).status).toBe(404);
  });
});

describe("an unpaid checkout's coupon use", () => {
  it('returns when the checkout has had its time to be paid: five unpaid checkouts hold a five-use coupon for 15 minutes, not a day', async () => {
    await coupon({ code: 'FIVEUSES', percentOff: 10, maxUses: 5 });
    const hoarder = await player();
    const items = [
      { productType: 'gang', productId: 'starter-gang' },
      { productType: 'gang', productId: 'hood-package' },
      { productType: 'gang', productId: 'swamp-syndicate' },
      { productType: 'addon', productId: 'custom-tattoos', option: 'upper-body' },
      { productType: 'addon', productId: 'custom-tattoos', option: 'lower-body' },
    ];
    for (const item of items) {
      const held = await hoarder.http.post('/api/create-payment-intent', {
        ...AGREED,
        ...item,
        couponCode: 'fiveuses',
      });
      expect(held.status, JSON.stringify(held.body)).toBe(200);
    }
    const late = await player();
    const tryIt = () =>
      late.http.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId: 'hood-package',
        couponCode: 'fiveuses',
      });
    expect((await tryIt()).body.code).toBe('COUPON_USED_UP');
    now = new Date(now.getTime() + 14 * 60_000);
    expect((await tryIt()).body.code).toBe('COUPON_USED_UP');

    now = new Date(now.getTime() + 2 * 60_000);
    const opened = await tryIt();
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.amount).toBe(72);
    const listed = await admin.get('/api/coupons');
    expect(listed.body.coupons.find((c: { code: string }) => c.code === 'FIVEUSES')).toMatchObject({ uses: 1 });
    // the reconciler ends the hoarder's checkouts with why
    await server.system.database.withContext(() => server.system.core.purchases.reconcile.execute({ all: true }));
    const ended = await sql<{ status: string; failure_reason: string }[]>(
      `select status, failure_reason from purchases where user_id = ?`,
      [hoarder.user.id],
    );
    expect(ended).toEqual(items.map(() => ({ status: 'failed', failure_reason: 'No payment after 15 minutes.' })));
  });
});
