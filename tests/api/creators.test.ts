import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTebex } from '../support/fake-tebex.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTebexTestServer } from '../support/tebex-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { inOneLimitWindow } from '../support/rate-window.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** Buys on the demo gateway with 4242, naming a creator code. */
async function buy(
  server: TestServer,
  buyer: SignedIn,
  item: { productType: string; productId: string; option?: string },
  code?: string,
) {
  const http = client(server.url, buyer.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    ...item,
    ...(code ? { creatorCode: code } : {}),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paid = await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  expect(paid.body.paymentIntent.status).toBe('succeeded');
  expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
    200,
  );
  return started.body as { purchaseId: string; creatorCode: string | null };
}

describe('creator codes: registered by admins, named at checkout, reported per month', () => {
  let server: TestServer;
  // the last hour of November, UTC
  let now = Date.parse('2026-11-30T23:00:00Z');
  let admin: SignedIn;
  let marie: SignedIn;
  let jean: SignedIn;
  const as = (who: SignedIn) => client(server.url, who.cookie);

  beforeAll(async () => {
    server = await startTestServer({ clock: { now: () => new Date(now) } });
    admin = await signIn(server, { role: 'admin' });
    marie = await signIn(server, { username: 'Marie Laveau' });
    jean = await signIn(server, { username: 'Jean Baptiste' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('registers a creator for admins, refusing bad input with its reason', async () => {
    const added = await as(admin).post('/api/creators', {
      discordId: marie.user.discordId,
      code: 'MarieLaveau',
      sharePercent: 12,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      code: 'MarieLaveau',
      sharePercent: 12,
      discordId: marie.user.discordId,
      name: 'Marie Laveau',
      disabledAt: null,
    });
    const taken = await as(admin).post('/api/creators', {
      discordId: jean.user.discordId,
      code: 'marielaveau',
      sharePercent: 5,
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'CREATOR_CODE_TAKEN' } });
    const bad = await as(admin).post('/api/creators', { discordId: jean.user.discordId, code: 'a b', sharePercent: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('letters, digits');
    const share = await as(admin).post('/api/creators', {
      discordId: jean.user.discordId,
      code: 'JEAN',
      sharePercent: 150,
    });
    expect(share.status).toBe(400);
    const unknown = await as(admin).post('/api/creators', { discordId: '1', code: 'GHOST', sharePercent: 5 });
    expect(unknown.status).toBe(404);
    expect((await as(admin).get('/api/creators')).body.creators.map((c: { code: string }) => c.code)).toEqual([
      'MarieLaveau',
    ]);
  });

  it('checks a code as typed: the code as registered, an unknown one and an own one refused with the reason', async () => {
    expect((await as(jean).get('/api/creator-codes/marieLAVEAU')).body).toEqual({ code: 'MarieLaveau' });
    const unknown = await as(jean).get('/api/creator-codes/NOPE');
    expect(unknown).toMatchObject({
      status: 404,
      body: {
        code: 'CREATOR_CODE_UNKNOWN',
        message: "No creator has the code 'NOPE'. Check the spelling, or leave the field empty.",
      },
    });
    expect(await as(marie).get('/api/creator-codes/MarieLaveau')).toMatchObject({
      status: 409,
      body: { code: 'CREATOR_OWN_CODE' },
    });
  });

  it('refuses a checkout naming an unknown code and stores nothing', async () => {
    const refused = await as(jean).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
      creatorCode: 'NOPE',
    });
    expect(refused).toMatchObject({ status: 404, body: { code: 'CREATOR_CODE_UNKNOWN' } });
    expect((await as(jean).get('/api/user/purchases')).body.purchases).toEqual([]);
  });

  it("reports each month's sales, money taken and share, across a month's end, leaving a refund out", async () => {
    const november = await buy(server, jean, { productType: 'gang', productId: 'starter-gang' }, 'marielaveau');
    expect(november.creatorCode).toBe('MarieLaveau');
    // a minute apart, so the buyer's list has one order
    now += 60_000;
    const refunded = await buy(server, jean, { productType: 'gang', productId: 'hood-package' }, 'MARIELAVEAU');
    now += 60_000;
    await buy(server, jean, { productType: 'gang', productId: 'swamp-syndicate' });
    const refund = await as(admin).post(`/api/purchases/${refunded.purchaseId}/refund`, { reason: 'Wrong package.' });
    expect(refund.status).toBe(200);
    // past midnight: December
    now = Date.parse('2026-12-01T00:30:00Z');
    await buy(
      server,
      jean,
      { productType: 'addon', productId: 'custom-tattoos', option: 'face-neck-head' },
      'MarieLaveau',
    );

    const report = await as(admin).get('/api/creators/report?month=2026-11');
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      month: '2026-11',
      rows: [
        {
          creator: { code: 'MarieLaveau', sharePercent: 12 },
          sales: 1,
          taken: 50,
          shareOwed: 6,
          refunds: 1,
          refunded: 80,
        },
      ],
      totals: { sales: 1, taken: 50, shareOwed: 6, refunds: 1, refunded: 80 },
    });
    const current = await as(admin).get('/api/creators/report');
    expect(current.body).toMatchObject({
      month: '2026-12',
      totals: { sales: 1, taken: 40, shareOwed: 4.8, refunds: 0 },
    });
    expect((await as(admin).get('/api/creators/report?month=2026-13')).status).toBe(400);
    // years JavaScript's dates misread (0000 as 1900) or the database cannot hold the end of (9999-12)
    for (const month of ['0000-01', '9999-12']) {
      const refused = await as(admin).get(`/api/creators/report?month=${month}`);
      expect([refused.status, refused.body.message]).toEqual([
        400,
        'Invalid request. month: Pick a month from 2000-01 to 2999-12 as YYYY-MM, like 2026-11.',
      ]);
    }

    // the creator's own figures: this month, then the last
    expect((await as(marie).get('/api/user/creator')).body).toEqual({
      creator: {
        code: 'MarieLaveau',
        sharePercent: 12,
        disabledAt: null,
        months: [
          { month: '2026-12', sales: 1, taken: 40, shareOwed: 4.8, refunds: 0, refunded: 0 },
          { month: '2026-11', sales: 1, taken: 50, shareOwed: 6, refunds: 1, refunded: 80 },
        ],
      },
    });
    expect((await as(jean).get('/api/user/creator')).body).toEqual({ creator: null });

    // the buyer's purchases, the admin's purchase and the CSV name the code
    const mine = await as(jean).get('/api/user/purchases');
    expect(mine.body.purchases.map((p: { creatorCode: string | null }) => p.creatorCode)).toEqual([
      'MarieLaveau',
      null,
      'MarieLaveau',
      'MarieLaveau',
    ]);
    const detail = await as(admin).get(`/api/purchases/${november.purchaseId}`);
    expect(detail.body.purchase).toMatchObject({ creatorCode: 'MarieLaveau', creatorCodeStatus: null });
    const csv = await fetch(`${server.url}/api/purchases/export.csv`, { headers: { cookie: admin.cookie } });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(
      lines[0].endsWith(
        ',gateway,listPrice,discount,couponCode,saleName,creatorCode,giftTo,giftMonths,consentGivenAt,consentVersion,consentAddress',
      ),
    ).toBe(true);
    // no coupon, no sale and no gift: the list price, nothing off, then the creator
    // the consent's three cells last
    const row = (lines.find((line) => line.startsWith(november.purchaseId)) ?? '').split(',').slice(0, -3).join(',');
    expect(row).toMatch(/,demo,[\d.]+,0,,,MarieLaveau,,$/);
  });

  it('prints the report as text and CSV from the terminal', async () => {
    const text = await runCliOn(server.system, ['creators', 'report', '--month', '2026-11']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Creator codes, 2026-11');
    expect(text.stdout).toMatch(
      /MarieLaveau\s+1 sales\s+taken \$50\.00\s+share 12% \$6\.00\s+refunded 1 \(\$80\.00, not counted\)/,
    );
    expect(text.stdout).toContain('Total: 1 sales, taken $50.00, share owed $6.00; 1 refunded ($80.00) not counted');
    const csv = await runCliOn(server.system, ['creators', 'report', '--month', '2026-11', '--csv']);
    expect(csv.stdout.trim().split('\n')).toEqual([
      'month,code,discordId,name,sharePercent,sales,taken,shareOwed,refunds,refunded,disabledAt',
      `2026-11,MarieLaveau,${marie.user.discordId},Marie Laveau,12,1,50,6,1,80,`,
    ]);
    // the admin screen's CSV: the same columns and rows
    const web = await fetch(`${server.url}/api/creators/report.csv?month=2026-11`, {
      headers: { cookie: admin.cookie },
    });
    expect(web.headers.get('content-disposition')).toBe('attachment; filename="creators-2026-11.csv"');
    expect((await web.text()).trim().split('\r\n')).toEqual(csv.stdout.trim().split('\n'));
    const list = await runCliOn(server.system, ['creators', 'list', '--json']);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ code: 'MarieLaveau', sharePercent: 12 })]);
    const bad = await runCliOn(server.system, ['creators', 'report', '--month', 'November']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('YYYY-MM');
  });

  it('adds and disables from the terminal; a disabled code is refused at checkout and its sales stay', async () => {
    const added = await runCliOn(server.system, ['creators', 'add', jean.user.discordId, 'JeanB', '--share', '5']);
    expect(added.stdout.trim()).toBe(`JeanB is a creator code of ${jean.user.discordId}, with a 5% share.`);
    const disabled = await runCliOn(server.system, ['creators', 'disable', 'marielaveau']);
    expect(disabled.stdout).toContain('MarieLaveau is disabled');
    const refused = await as(jean).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
      creatorCode: 'MarieLaveau',
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'CREATOR_CODE_DISABLED' } });
    const report = await as(admin).get('/api/creators/report?month=2026-11');
    expect(
      report.body.rows.map((row: { creator: { code: string }; sales: number }) => [row.creator.code, row.sales]),
    ).toEqual([
      ['JeanB', 0],
      ['MarieLaveau', 1],
    ]);
    const missing = await runCliOn(server.system, ['creators', 'disable', 'NOBODY']);
    expect(missing.code).toBe(4);
  });
});

describe('creator code checks are rate limited per player and per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_CODES_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with Retry-After past the limit, and a checkout without a code is not counted', async () => {
    await inOneLimitWindow();
    const guesser = await signIn(server);
    const other = await signIn(server);
    const http = client(server.url, guesser.cookie);
    const noCode = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(noCode.status).toBe(200);
    for (const guess of ['AAA', 'BBB', 'CCC']) expect((await http.get(`/api/creator-codes/${guess}`)).status).toBe(404);
    const limited = await fetch(`${server.url}/api/creator-codes/DDD`, { headers: { cookie: guesser.cookie } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/^Too many code checks\. Try again in \d+ seconds\.$/);
    const atCheckout = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      creatorCode: 'EEE',
    });
    expect(atCheckout.status).toBe(429);
    // another player from the same address is held by the address's limit
    expect((await client(server.url, other.cookie).get('/api/creator-codes/FFF')).status).toBe(429);
  });
});

describe('creator codes with Tebex', () => {
  let server: TestServer;
  let fake: FakeTebex;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, fake, stop } = await startTebexTestServer());
    expect((await runCliOn(server.system, ['tebex', 'sync'])).code).toBe(0);
  });
  afterAll(() => stop?.());

  it("passes the code on to Tebex's basket and records Tebex's answer: accepted, or refused", async () => {
    const known = await signIn(server);
    const unknown = await signIn(server);
    const buyer = await signIn(server);
    const { core, database } = server.system;
    await database.withContext(async () => {
      await core.creators.register.execute({ discordId: known.user.discordId, code: 'BayouKing', sharePercent: 10 });
      await core.creators.register.execute({ discordId: unknown.user.discordId, code: 'SwampQueen', sharePercent: 10 });
    });
    fake.creatorCodes.add('bayouking');
    const http = client(server.url, buyer.cookie);
    const accepted = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
      creatorCode: 'bayouking',
    });
    expect(accepted.body).toMatchObject({ creatorCode: 'BayouKing', creatorCodeStatus: 'accepted' });
    expect(fake.basket(accepted.body.paymentIntentId).creator_code).toBe('BayouKing');
    const refused = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      creatorCode: 'SwampQueen',
    });
    expect(refused.body).toMatchObject({ creatorCode: 'SwampQueen', creatorCodeStatus: 'refused' });
    expect(fake.basket(refused.body.paymentIntentId).creator_code).toBeNull();
    const mine = await http.get(`/api/user/purchases/${refused.body.purchaseId}`);
    expect(mine.body).toMatchObject({ creatorCode: 'SwampQueen', creatorCodeStatus: 'refused' });
    // the same checkout opened again without a code: the basket's code is removed
    const dropped = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(dropped.body).toMatchObject({ purchaseId: accepted.body.purchaseId, creatorCode: null });
    expect(fake.basket(accepted.body.paymentIntentId).creator_code).toBeNull();
  });

  it('records the creator code and coupons Tebex reports on the payment, only on the purchase the payment is proven to pay', async () => {
    const creator = await signIn(server);
    const signed = await signIn(server);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    await server.system.database.withContext(() =>
      server.system.core.creators.register.execute({
        discordId: creator.user.discordId,
        code: 'CrawDaddy',
        sharePercent: 5,
      }),
    );
    fake.creatorCodes.add('crawdaddy');
    const http = client(server.url, signed.cookie);
    /** opens the checkout, signs in at Tebex and back (the package goes in the basket) */
    const open = async (productId: string, creatorCode?: string) => {
      const started = await http.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId,
        creatorCode,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const follow = () => fetch(started.body.redirectUrl, { headers: { cookie: signed.cookie }, redirect: 'manual' });
      await follow();
      fake.signIn(started.body.paymentIntentId);
      await follow();
      return started.body as { purchaseId: string; paymentIntentId: string };
    };
    const detail = async (id: string) => (await admin.get(`/api/purchases/${id}`)).body.purchase;

    // the code the buyer named is the one Tebex reports: accepted, and kept as reported
    const named = await open('starter-gang', 'crawdaddy');
    await fake.pay(named.paymentIntentId);
    expect(await detail(named.purchaseId)).toMatchObject({
      status: 'completed',
      creatorCode: 'CrawDaddy',
      creatorCodeStatus: 'accepted',
      reportedCreatorCode: 'CrawDaddy',
      reportedCouponCodes: [],
    });

    // the buyer changed the code on Tebex's own checkout page: the site's creator is marked refused, Tebex's code kept
    const changed = await open('hood-package', 'CrawDaddy');
    fake.basket(changed.paymentIntentId).creator_code = 'SomeoneElse';
    await fake.pay(changed.paymentIntentId);
    expect(await detail(changed.purchaseId)).toMatchObject({
      status: 'completed',
      creatorCode: 'CrawDaddy',
      creatorCodeStatus: 'refused',
      reportedCreatorCode: 'SomeoneElse',
    });

    // a payment whose custom data the site did not sign names a purchase it does not pay: nothing is recorded on it
    const waiting = await open('swamp-syndicate');
    const forged = fake.payment(fake.basket(named.paymentIntentId), 'tbx-forged-1', {
      custom: { purchase_id: waiting.purchaseId, user_id: signed.user.id },
      creator_code: 'Forger',
      coupons: [{ code: 'FREE' }],
    });
    expect(await fake.send('payment.completed', forged)).toBe(200);
    expect(await detail(waiting.purchaseId)).toMatchObject({
      status: 'awaiting_payment',
      reportedCreatorCode: null,
      reportedCouponCodes: null,
    });
  });
});
