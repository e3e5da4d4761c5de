import { beforeAll, describe, expect, it } from 'vitest';
import { recentPurchasesResponseSchema } from '../../adapters/http/contract/purchases.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));

async function buyer() {
  const signed = await signIn(server, { email: 'buyer@example.com' });
  return { ...signed, api: client(server.url, signed.cookie) };
}

describe('payments on the default settings (demo gateway)', () => {
  it('says it is in demo mode', async () => {
    const config = await client(server.url).get('/api/payments/config');
    expect(config).toEqual({ status: 200, body: { mode: 'demo', publishableKey: null } });
  });

  it('refuses $1 for the $175 tier with 409, and never creates an intent below the catalogue price', async () => {
    const { api } = await buyer();
    const before = await sql<{ n: number }[]>(`select count(*)::int as n from demo_payment_intents`);
    const cheap = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'voodoo-experience',
      productName: 'Voodoo Experience',
      amount: 1,
    });
    expect(cheap.status).toBe(409);
    expect(cheap.body.message).toBe(
      'Voodoo Experience costs $175.00, not $1.00. Reload the page to see the current price.',
    );
    const cheapPrice = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'voodoo-experience',
      price: 174.99,
      buyerEmail: 'buyer@example.com',
    });
    expect(cheapPrice.status).toBe(409);
    const mixed = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'voodoo-experience',
      amount: 175,
      price: 1,
    });
    expect(mixed.status).toBe(409);
    const after = await sql<{ n: number }[]>(`select count(*)::int as n from demo_payment_intents`);
    expect(after[0].n).toBe(before[0].n);
    expect((await sql<{ n: number }[]>(`select count(*)::int as n from purchases`))[0].n).toBe(0);

    const fair = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'voodoo-experience',
      amount: 175,
    });
    expect(fair.status).toBe(200);
    const noAmount = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
    });
    expect(noAmount.body).toMatchObject({ amount: 19.99, tokensGranted: 19 });
    const intents = await sql<{ amount_cents: number; product: string }[]>(
      `select amount_cents, metadata->>'productId' as product from demo_payment_intents`,
    );
    const catalogue = { 'voodoo-experience': 17500, 'discord-unban': 1999 } as Record<string, number>;
    for (const intent of intents) expect(intent.amount_cents).toBe(catalogue[intent.product]);
  });

  it('needs a signed-in buyer and a known product', async () => {
    expect(
      (
        await client(server.url).post('/api/create-payment-intent', {
          ...AGREED,
          productType: 'whitelist',
          productId: 'swamp-blood',
        })
      ).status,
    ).toBe(401);
    const { api } = await buyer();
    const unknown = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'golden-ticket',
    });
    expect(unknown.status).toBe(404);
    const noOption = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'addon',
      productId: 'custom-tattoos',
    });
    expect(noOption.status).toBe(400);
    const bad = await api.post('/api/create-payment-intent', { ...AGREED, productType: 'weapons', productId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('productType');
  });

  it('pays with 4242, completes once with the tokens credited, and a repeat answers the same', async () => {
    const { api, user } = await buyer();
    const started = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
      productName: 'Swamp Blood',
      amount: 60,
    });
    expect(started.body).toMatchObject({ tokensGranted: 100, amount: 60 });
    const confirmed = await api.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirmed.body).toEqual({ paymentIntent: { id: started.body.paymentIntentId, status: 'succeeded' } });
    const payload = {
      paymentIntentId: started.body.paymentIntentId,
      productType: 'whitelist',
      productId: 'swamp-blood',
      productName: 'Swamp Blood',
      price: 60,
    };
    const first = await api.post('/api/complete-purchase', payload);
    const again = await api.post('/api/complete-purchase', payload);
    expect(first).toMatchObject({ status: 200, body: { tokensAwarded: 100, status: 'completed' } });
    expect(again.body).toEqual(first.body);
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(100);
    const entries = await sql<{ n: number }[]>(`select count(*)::int as n from token_ledger where user_id = ?`, [
      user.id,
    ]);
    expect(entries[0].n).toBe(1);
  });

  it('a declined card fails with the reason, credits nothing, and the same payment can then succeed', async () => {
    const { api } = await buyer();
    const started = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      amount: 19.99,
      banReason: 'Banned for RDM at the docks last week.',
    });
    const declined = await api.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.body.error).toEqual({ message: 'Your card was declined.' });
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const shown = async () => (await admin.get(`/api/purchases/${started.body.purchaseId}`)).body.purchase;
    expect(await shown()).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    const failedList = await admin.get('/api/purchases?status=failed&limit=100');
    expect(failedList.body.purchases.map((p: { id: string }) => p.id)).toContain(started.body.purchaseId);
    const early = await api.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The payment did not go through: Your card was declined.');
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(0);
    const poor = await api.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4000000000009995',
    });
    expect(poor.body.error.message).toBe('Your card has insufficient funds.');
    // the last attempt's reason is the one shown
    expect(await shown()).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.' });
    // a declined checkout is no longer open: starting the item again is a new checkout, the declined one stays failed
    const restarted = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      amount: 19.99,
      banReason: 'Banned for RDM at the docks last week.',
    });
    expect(restarted.status).toBe(200);
    expect(restarted.body.purchaseId).not.toBe(started.body.purchaseId);
    expect(await shown()).toMatchObject({ status: 'failed' });
    await api.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(
      (await api.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).body.tokensAwarded,
    ).toBe(19);
    expect(await shown()).toMatchObject({ status: 'completed', failureReason: null, tokensAwarded: 19 });
  });

  it("keeps buyers out of each other's payments", async () => {
    const alice = await buyer();
    const bob = await buyer();
    const started = await alice.api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(
      (
        await bob.api.post('/api/payments/demo/confirm', {
          clientSecret: started.body.clientSecret,
          cardNumber: '4242424242424242',
        })
      ).status,
    ).toBe(403);
    await alice.api.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(
      (await bob.api.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status,
    ).toBe(403);
    expect((await bob.api.get('/api/user/tokens')).body.tokens).toBe(0);
  });

  it('lists purchases with totals for admins only, and shows recent ones anonymised to anyone', async () => {
    const { api } = await buyer();
    expect((await api.get('/api/purchases')).status).toBe(403);
    expect((await client(server.url).get('/api/purchases')).status).toBe(401);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const list = await admin.get('/api/purchases');
    expect(list.status).toBe(200);
    const completed = list.body.purchases.filter((p: { status: string }) => p.status === 'completed');
    expect(list.body.count).toBe(list.body.purchases.length);
    expect(list.body.completed).toBe(completed.length);
    expect(list.body.pending).toBe(
      list.body.purchases.filter((p: { status: string }) => p.status === 'awaiting_payment').length,
    );
    expect(list.body.revenue).toBe(
      Math.round(completed.reduce((sum: number, p: { price: number }) => sum + p.price, 0) * 100) / 100,
    );
    expect(completed.map((p: { productName: string; price: number }) => [p.productName, p.price])).toEqual(
      expect.arrayContaining([
        ['Swamp Blood', 60],
        ['Discord Unban', 19.99],
      ]),
    );
    const shown = await admin.get(`/api/purchases/${completed[0].id}`);
    expect(shown.body.purchase.id).toBe(completed[0].id);

    const recent = await client(server.url).get('/api/purchases/recent');
    expect(recent.status).toBe(200);
    expect(recent.body.items.length).toBe(completed.length);
    // the list's rows are summaries: when each was paid is read from the purchase itself
    const paid = await Promise.all(
      completed.map(async (p: { id: string }) => (await admin.get(`/api/purchases/${p.id}`)).body.purchase),
    );
    const newest = paid.reduce((latest: { completedAt: string }, p: { completedAt: string }) =>
      p.completedAt > latest.completedAt ? p : latest,
    );
    expect(recent.body.items[0]).toEqual({
      name: 'P.',
      item: newest.productName,
      amount: newest.price,
      purchasedAt: newest.completedAt,
    });
    expect(recentPurchasesResponseSchema.parse(recent.body)).toEqual(recent.body);
    expect(JSON.stringify(recent.body)).not.toMatch(/buyer@example.com|player\d/);
  });
});

describe('unban details', () => {
  const reason = 'Banned for VDM in Houma on Saturday night; I have read the rules again since.';

  it('refuses an unban without a ban reason (or with one too short), and a ban reason on any other product, with 400', async () => {
    const { api } = await buyer();
    const missing = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'city-unban',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'Tell us why you were banned: senior staff need the ban reason to review an unban.',
    );
    const blank = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'city-unban',
      banReason: '   ',
    });
    expect(blank.status).toBe(400);
    const short = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'city-unban',
      banReason: 'VDM',
    });
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'Tell us why you were banned in at least 10 characters.', code: 'BAN_REASON_INVALID' },
    });
    const long = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'city-unban',
      banReason: 'x'.repeat(1001),
    });
    expect(long).toMatchObject({
      status: 400,
      body: { message: 'Keep the ban reason to 1,000 characters or fewer.' },
    });
    const tier = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
      banReason: reason,
    });
    expect(tier).toMatchObject({
      status: 400,
      body: { message: 'A ban reason is only taken with an unban service.', code: 'BAN_REASON_NOT_ALLOWED' },
    });
  });

  it('keeps the Discord username and the ban reason with the purchase and shows them to admins', async () => {
    const { api } = await buyer();
    const started = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'anticheat-unban',
      amount: 100,
      buyerDiscord: 'old_account_42',
      banReason: `  ${reason}  `,
    });
    expect(started.status).toBe(200);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const shown = await admin.get(`/api/purchases/${started.body.purchaseId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.purchase).toMatchObject({
      buyerDiscord: 'old_account_42',
      banReason: reason,
      productId: 'anticheat-unban',
    });
    const again = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'anticheat-unban',
      banReason: 'Banned by the anti-cheat after a crash, no cheats used.',
    });
    expect(again.body.purchaseId).toBe(started.body.purchaseId);
    expect((await admin.get(`/api/purchases/${started.body.purchaseId}`)).body.purchase.banReason).toBe(
      'Banned by the anti-cheat after a crash, no cheats used.',
    );
    const tier = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'parish-life',
    });
    expect((await admin.get(`/api/purchases/${tier.body.purchaseId}`)).body.purchase.banReason).toBeNull();
  });
});

describe('the admin purchase list, a page at a time', () => {
  it('pages with limit and before, newest first, with totals over every purchase', async () => {
    const { api } = await buyer();
    const made: string[] = [];
    for (const productId of ['discord-unban', 'city-unban', 'anticheat-unban']) {
      const started = await api.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'unban',
        productId,
        banReason: 'Banned for RDM at the docks last week.',
      });
      made.unshift(started.body.purchaseId);
    }
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const everything = await admin.get('/api/purchases?limit=100');
    const first = await admin.get('/api/purchases?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.purchases.map((p: { id: string }) => p.id)).toEqual(made.slice(0, 2));
    expect(first.body.count).toBe(everything.body.count);
    const second = await admin.get(`/api/purchases?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.purchases[0].id).toBe(made[2]);
    expect(everything.body.purchases.map((p: { id: string }) => p.id).slice(0, 4)).toEqual(
      [...first.body.purchases, ...second.body.purchases].map((p: { id: string }) => p.id),
    );
    expect((await admin.get('/api/purchases?limit=1000')).status).toBe(400);
    expect((await admin.get('/api/purchases?before=not-an-id')).status).toBe(400);
  });
});

describe('one open checkout per item, at most five at once (demo gateway)', () => {
  async function freshBuyer() {
    const email = `repeat-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const signed = await signIn(server, { email });
    return { ...signed, email, api: client(server.url, signed.cookie) };
  }
  const admin = async () => client(server.url, (await signIn(server, { role: 'admin' })).cookie);
  const rowsOf = async (userId: string) =>
    (await sql<{ n: number }[]>(`select count(*)::int as n from purchases where user_id = ?`, [userId]))[0].n;

  it('20 starts of one product answer one purchase and one client secret, and the dashboard shows one pending purchase', async () => {
    const { api, email, user } = await freshBuyer();
    const dashboard = await admin();
    const pendingBefore = (await dashboard.get('/api/purchases')).body.pending;
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(
        await api.post('/api/create-payment-intent', {
          ...AGREED,
          productType: 'whitelist',
          productId: 'swamp-blood',
          productName: 'Swamp Blood',
          amount: 60,
        }),
      );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.purchaseId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.paymentIntentId)).size).toBe(1);
    expect(await rowsOf(user.id)).toBe(1);
    expect(
      (
        await sql<{ n: number }[]>(
          `select count(*)::int as n from demo_payment_intents where metadata->>'userId' = ?`,
          [user.id],
        )
      )[0].n,
    ).toBe(1);

    const list = await dashboard.get('/api/purchases?limit=100');
    const mine = list.body.purchases.filter((p: { buyerEmail: string }) => p.buyerEmail === email);
    expect(mine).toEqual([
      expect.objectContaining({
        id: answers[0]!.body.purchaseId,
        status: 'awaiting_payment',
        productName: 'Swamp Blood',
        price: 60,
      }),
    ]);
    expect(list.body.pending).toBe(pendingBefore + 1);

    // paying it closes the checkout: buying the same product again is a new purchase
    await api.post('/api/payments/demo/confirm', {
      clientSecret: answers[0]!.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(
      (await api.post('/api/complete-purchase', { paymentIntentId: answers[0]!.body.paymentIntentId })).status,
    ).toBe(200);
    const again = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    expect(again.body.purchaseId).not.toBe(answers[0]!.body.purchaseId);
    expect(again.body.clientSecret).not.toBe(answers[0]!.body.clientSecret);
  });

  it('a repeat with another Discord name or email updates the open purchase', async () => {
    const { api } = await freshBuyer();
    const order = {
      productType: 'gang',
      productId: 'hood-package',
      productName: 'Hood Package',
      price: 80,
      buyerEmail: 'first@example.com',
      buyerDiscord: 'gator_king',
    };
    const first = await api.post('/api/create-payment-intent', { ...AGREED, ...order });
    const second = await api.post('/api/create-payment-intent', {
      ...AGREED,
      ...order,
      buyerDiscord: 'gator_queen',
      buyerEmail: 'second@example.com',
    });
    expect(second.body).toMatchObject({ purchaseId: first.body.purchaseId, clientSecret: first.body.clientSecret });
    const shown = await (await admin()).get(`/api/purchases/${first.body.purchaseId}`);
    expect(shown.body.purchase).toMatchObject({
      buyerDiscord: 'gator_queen',
      buyerEmail: 'second@example.com',
      status: 'awaiting_payment',
    });
  });

  it('refuses a sixth distinct checkout with 409 and a clear message, and writes no row', async () => {
    const { api, user } = await freshBuyer();
    const five = [
      { productType: 'whitelist', productId: 'bayou-basic' },
      { productType: 'whitelist', productId: 'parish-life' },
      { productType: 'gang', productId: 'starter-gang' },
      { productType: 'addon', productId: 'custom-tattoos', option: 'upper-body' },
      { productType: 'addon', productId: 'custom-tattoos', option: 'lower-body' },
    ];
    for (const item of five)
      expect((await api.post('/api/create-payment-intent', { ...AGREED, ...item })).status).toBe(200);
    const intentsBefore = (await sql<{ n: number }[]>(`select count(*)::int as n from demo_payment_intents`))[0].n;
    const sixth = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe(
      'You have 5 checkouts waiting for payment. Finish paying for one of them before starting another; a checkout left unpaid lapses 24 hours after it was started.',
    );
    expect(await rowsOf(user.id)).toBe(5);
    expect((await sql<{ n: number }[]>(`select count(*)::int as n from demo_payment_intents`))[0].n).toBe(
      intentsBefore,
    );
    // the five stay reachable
    expect((await api.post('/api/create-payment-intent', { ...AGREED, ...five[3] })).status).toBe(200);
    expect(await rowsOf(user.id)).toBe(5);
  });
});
