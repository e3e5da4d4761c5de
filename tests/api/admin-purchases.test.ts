import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminUser: SignedIn['user'];
beforeAll(async () => {
  server = await sharedTestServer();
  const signed = await signIn(server, { role: 'admin' });
  admin = client(server.url, signed.cookie);
  adminUser = signed.user;
});

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));

/** a buyer's checkout of one product; `card` pays it (4242 succeeds, 0002 is declined) */
async function checkout(
  who: SignedIn,
  item: { productType: string; productId: string; option?: string; buyerDiscord?: string },
  card?: string,
): Promise<{ purchaseId: string; paymentIntentId: string; clientSecret: string }> {
  const api = client(server.url, who.cookie);
  const started = await api.post('/api/create-payment-intent', { ...AGREED, ...item });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  if (card) {
    await api.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber: card });
    if (card.startsWith('4242'))
      expect((await api.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
        200,
      );
  }
  return started.body;
}

const PAID = '4242424242424242';
const DECLINED = '4000000000000002';
const ids = (body: { purchases: Array<{ id: string }> }) => body.purchases.map((p) => p.id);

async function csv(path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('admin purchases: statuses as they happened, filters and paging', () => {
  it('filters by status, product type, buyer and dates, and pages with Load more', async () => {
    const buyer = await signIn(server, { username: `marsh_${Date.now()}` });
    const paid = await checkout(
      buyer,
      { productType: 'gang', productId: 'starter-gang', buyerDiscord: 'swamp_fox' },
      PAID,
    );
    const declined = await checkout(buyer, { productType: 'whitelist', productId: 'bayou-basic' }, DECLINED);
    const open = await checkout(buyer, { productType: 'addon', productId: 'custom-tattoos', option: 'upper-body' });
    const stale = await checkout(buyer, { productType: 'whitelist', productId: 'swamp-blood' });
    // started at the first moment of yesterday (UTC): more than 24 hours ago whatever the time of day, and on
    // yesterday's date for the date filters below
    const startOfYesterday = new Date(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    await sql(`update purchases set created_at = ? where id = ?`, [startOfYesterday, stale.purchaseId]);

    // the stale checkout was never tried: no purchase, listed only with the unpaid checkouts
    expect(ids((await admin.get(`/api/purchases?buyer=${buyer.user.username}`)).body)).not.toContain(stale.purchaseId);
    const mine = await admin.get(`/api/purchases?buyer=${buyer.user.username}&limit=100&unpaid=1`);
    expect(mine.status).toBe(200);
    const status = Object.fromEntries(mine.body.purchases.map((p: { id: string; status: string }) => [p.id, p.status]));
    expect(status).toEqual({
      [paid.purchaseId]: 'completed',
      [declined.purchaseId]: 'failed',
      [open.purchaseId]: 'awaiting_payment',
      [stale.purchaseId]: 'abandoned',
    });
    expect(mine.body).toMatchObject({ count: 4, completed: 1, pending: 1, revenue: expect.any(Number) });
    expect(mine.body.byStatus).toEqual({
      awaiting_payment: 1,
      completed: 1,
      failed: 1,
      abandoned: 1,
      refunded: 0,
      disputed: 0,
      underpaid: 0,
    });
    // the list row is a summary; why it failed is read from the purchase itself
    const declinedRow = mine.body.purchases.find((p: { id: string }) => p.id === declined.purchaseId);
    expect(declinedRow).toMatchObject({ status: 'failed', productType: 'whitelist' });
    expect(declinedRow).not.toHaveProperty('failureReason');
    const declinedDetail = (await admin.get(`/api/purchases/${declined.purchaseId}`)).body;
    expect(declinedDetail.purchase.failureReason).toBe('Your card was declined.');
    const declinedHistory = declinedDetail.history;
    expect(declinedHistory.map((c: { status: string; reason: string | null }) => [c.status, c.reason])).toEqual([
      ['checkout_started', null],
      ['failed', 'Your card was declined.'],
    ]);

    const q = (query: string) => admin.get(`/api/purchases?buyer=${buyer.user.username}&unpaid=1&${query}`);
    expect(ids((await q('status=abandoned')).body)).toEqual([stale.purchaseId]);
    expect(ids((await q('status=awaiting_payment')).body)).toEqual([open.purchaseId]);
    expect(ids((await q('status=failed')).body)).toEqual([declined.purchaseId]);
    expect(ids((await q('productType=gang')).body)).toEqual([paid.purchaseId]);
    // by Discord id, and by the Discord name given at checkout
    expect(ids((await admin.get(`/api/purchases?buyer=${buyer.user.discordId}&unpaid=1`)).body).sort()).toEqual(
      [paid.purchaseId, declined.purchaseId, open.purchaseId, stale.purchaseId].sort(),
    );
    expect(ids((await admin.get('/api/purchases?buyer=SWAMP_F')).body)).toContain(paid.purchaseId);
    // dates are whole UTC days, both ends included
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(ids((await q(`from=${today}&to=${today}`)).body)).not.toContain(stale.purchaseId);
    const before = await q(`to=${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}`);
    expect(ids(before.body)).toEqual([]);
    expect(ids((await q(`from=${yesterday}`)).body)).toHaveLength(4);

    // the unfiltered counters (maintained by triggers) agree with each status's own filter
    const all = (await admin.get('/api/purchases?limit=1')).body;
    for (const [name, count] of Object.entries(all.byStatus))
      expect((await admin.get(`/api/purchases?status=${name}&limit=1`)).body.count, name).toBe(count);
    expect(all.pending).toBe(all.byStatus.awaiting_payment);

    // keyset paging: two at a time, no repeats, the same four
    const first = await q('limit=2');
    expect(first.body.purchases).toHaveLength(2);
    expect(first.body.count).toBe(4);
    const second = await q(`limit=2&before=${first.body.nextBefore}`);
    expect(second.body.purchases).toHaveLength(2);
    expect(new Set([...ids(first.body), ...ids(second.body)]).size).toBe(4);
  });

  it('refuses bad filter values with 400 and a clear message', async () => {
    for (const [query, message] of [
      ['status=pending', 'Pick a status from the list'],
      ['productType=car', 'Pick a product type from the list'],
      ['from=2026-13-45', 'The start date must be a real date'],
      ['from=yesterday', 'The start date must be a date like 2026-01-31'],
      ['from=2026-02-02&to=2026-02-01', 'The start date must not be after the end date'],
      [`buyer=${'x'.repeat(101)}`, 'Search for at most 100 characters'],
    ]) {
      const answer = await admin.get(`/api/purchases?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toContain(message);
      expect(
        (await csv(`/api/purchases/export.csv?${query}`, (await signIn(server, { role: 'admin' })).cookie)).status,
      ).toBe(400);
    }
  });

  it('exports the filtered rows as CSV for admins only, with formula cells neutralised', async () => {
    const buyer = await signIn(server);
    const evil = '=HYPERLINK("http://evil.example","click")';
    const paid = await checkout(buyer, { productType: 'gang', productId: 'starter-gang', buyerDiscord: evil }, PAID);
    const other = await checkout(buyer, { productType: 'whitelist', productId: 'bayou-basic' });
    const adminCookie = (await signIn(server, { role: 'admin' })).cookie;
    const exported = await csv(`/api/purchases/export.csv?buyer=${buyer.user.discordId}&status=completed`, adminCookie);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="purchases-.*\.csv"$/);
    const lines = exported.text.trim().split('\r\n');
    // the same header as the CLI's `purchases list --csv` (tests/cli/purchases.test.ts)
    expect(lines[0]).toBe(
      'id,createdAt,status,productType,productId,productName,optionId,price,amountPaid,buyerDiscord,buyerEmail,userId,tokensAwarded,failureReason,refundReason,completedAt,paymentAttemptedAt,paymentIntentId,paymentReference,gateway,listPrice,discount,couponCode,saleName,creatorCode,giftTo,giftMonths,consentGivenAt,consentVersion,consentAddress',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(paid.purchaseId);
    expect(lines[1]).not.toContain(other.purchaseId);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines[1]).toContain(',completed,');
    // the withdrawal consent the buyer gave: when, which wording, from where
    expect(lines[1]).toMatch(new RegExp(`,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,${WITHDRAWAL_CONSENT.version},[\\d.:a-f]+$`));

    expect((await csv('/api/purchases/export.csv')).status).toBe(401);
    expect((await csv('/api/purchases/export.csv', (await signIn(server, { role: 'staff' })).cookie)).status).toBe(403);
    expect((await csv('/api/purchases/export.csv', buyer.cookie)).status).toBe(403);
  });
});

describe('admin purchases: detail and refund', () => {
  it('shows the buyer, the ledger entries, deliveries and what a refund would reverse', async () => {
    const buyer = await signIn(server);
    const paid = await checkout(buyer, { productType: 'whitelist', productId: 'swamp-blood' }, PAID);
    const detail = await admin.get(`/api/purchases/${paid.purchaseId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.purchase).toMatchObject({ id: paid.purchaseId, userId: buyer.user.id, status: 'completed' });
    expect(detail.body.buyer).toMatchObject({
      id: buyer.user.id,
      name: buyer.user.username,
      discordId: buyer.user.discordId,
    });
    expect(detail.body.ledger).toEqual([
      expect.objectContaining({ delta: 100, reference: `purchase:${paid.purchaseId}`, balanceAfter: 100 }),
    ]);
    expect(detail.body.refund).toEqual({
      refundable: true,
      tokensToRemove: 100,
      // the buyer's own purchase: the tokens come back from the buyer, named
      tokensFrom: { name: detail.body.buyer.name, recipient: false },
      roleToRemove: null,
      roleRetained: null,
      membership: 'ends',
    });

    // tokens the buyer has spent cannot be reversed: never below zero
    await server.system.core.tokens.debit.execute({ userId: buyer.user.id, amount: 70, reason: 'Spent in game' });
    expect((await admin.get(`/api/purchases/${paid.purchaseId}`)).body.refund.tokensToRemove).toBe(30);
  });

  it('refunds for admins only: 401 signed out, 403 to players and staff, 400 without a reason', async () => {
    const buyer = await signIn(server);
    const paid = await checkout(buyer, { productType: 'whitelist', productId: 'swamp-blood' }, PAID);
    const path = `/api/purchases/${paid.purchaseId}/refund`;
    const body = { reason: 'Bought the wrong tier.' };
    expect((await client(server.url).post(path, body)).status).toBe(401);
    expect((await client(server.url, buyer.cookie).post(path, body)).status).toBe(403);
    const staff = await signIn(server, { role: 'staff' });
    expect((await client(server.url, staff.cookie).post(path, body)).status).toBe(403);
    const short = await admin.post(path, { reason: ' x ' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('Give the reason for the refund');
    expect((await admin.get(`/api/purchases/${paid.purchaseId}`)).body.purchase.status).toBe('completed');
    expect((await client(server.url, buyer.cookie).get('/api/user/tokens')).body.tokens).toBe(100);
  });

  it('a refund takes back the tokens bought first, and leaves those an admin granted; staff see both parts', async () => {
    const buyer = await signIn(server);
    const mine = client(server.url, buyer.cookie);
    const paid = await checkout(buyer, { productType: 'whitelist', productId: 'swamp-blood' }, PAID);
    const granted = await admin.post(`/api/players/${buyer.user.id}/tokens`, {
      direction: 'credit',
      amount: 40,
      reason: 'Event winner',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await mine.get('/api/user/tokens')).body).toEqual({ tokens: 140, boughtTokens: 100, earnedTokens: 40 });
    expect((await admin.get(`/api/players/${buyer.user.id}`)).body.player).toMatchObject({
      tokens: 140,
      boughtTokens: 100,
    });
    expect(
      (await admin.post(`/api/purchases/${paid.purchaseId}/refund`, { reason: 'Bought by mistake.' })).status,
    ).toBe(200);
    expect((await mine.get('/api/user/tokens')).body).toEqual({ tokens: 40, boughtTokens: 0, earnedTokens: 40 });
    const history = (await mine.get('/api/user/tokens/history')).body.entries;
    expect(history.map((entry: { delta: number; boughtDelta: number }) => [entry.delta, entry.boughtDelta])).toEqual([
      [-100, -100],
      [40, 0],
      [100, 100],
    ]);
  });

  it('refunds exactly once when the same refund is sent twice at once, taking the tokens back', async () => {
    const buyer = await signIn(server);
    const paid = await checkout(buyer, { productType: 'whitelist', productId: 'swamp-blood' }, PAID);
    const path = `/api/purchases/${paid.purchaseId}/refund`;
    const answers = await Promise.all([
      admin.post(path, { reason: 'Charged twice by mistake.' }),
      admin.post(path, { reason: 'Charged twice by mistake.' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!;
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.message).toBe('This purchase has already been refunded.');
    expect(won.body.purchase).toMatchObject({ status: 'refunded', tokensAwarded: 0 });
    expect(won.body.refund.refundable).toBe(false);
    expect(won.body.ledger.map((e: { delta: number; reference: string }) => [e.delta, e.reference])).toEqual(
      expect.arrayContaining([
        [100, `purchase:${paid.purchaseId}`],
        [-100, `refunded:${paid.purchaseId}`],
      ]),
    );
    expect(won.body.ledger).toHaveLength(2);
    // the history names the admin, once
    expect(
      won.body.history.map((c: { status: string; reason: string | null; by: { id: string } | null }) => [
        c.status,
        c.reason,
        c.by?.id ?? null,
      ]),
    ).toEqual([
      ['checkout_started', null, null],
      ['completed', null, null],
      ['refunded', 'Refund: Charged twice by mistake.', adminUser.id],
    ]);
    expect((await client(server.url, buyer.cookie).get('/api/user/tokens')).body.tokens).toBe(0);
    const again = await admin.post(path, { reason: 'Charged twice by mistake.' });
    expect(again.status).toBe(409);
    const refunded = await admin.get(`/api/purchases?status=refunded&buyer=${buyer.user.discordId}`);
    expect(ids(refunded.body)).toEqual([paid.purchaseId]);
  });
});
