import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers, staffAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const HOUR = 3_600_000;

describe("a player's own account: purchases, receipts, token history and applications", () => {
  let server: TestServer;
  let now = Date.now();
  let alice: SignedIn;
  let bob: SignedIn;
  const as = (who: SignedIn) => client(server.url, who.cookie);

  beforeAll(async () => {
    server = await startTestServer({ clock: { now: () => new Date(now) } });
    alice = await signIn(server, { username: 'Alice Thibodeaux', email: 'alice@example.com' });
    bob = await signIn(server, { username: 'Bob Fontenot' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists each player's purchases newest first with product, amount, status, date, transaction id and tokens, and never the other's", async () => {
    const first = await buyWithDemoCard(server.url, alice, { productType: 'whitelist', productId: 'swamp-blood' });
    now += 1000;
    const second = await buyWithDemoCard(server.url, alice, { productType: 'gang', productId: 'hood-package' });
    now += 1000;
    const bobs = await buyWithDemoCard(server.url, bob, { productType: 'whitelist', productId: 'bayou-basic' });

    const mine = await as(alice).get('/api/user/purchases');
    expect(mine.status).toBe(200);
    expect(mine.body.nextBefore).toBeNull();
    expect(mine.body.purchases).toEqual([
      expect.objectContaining({
        purchaseId: second.purchaseId,
        transactionId: second.intentId,
        productName: 'Hood Package',
        amount: 80,
        status: 'completed',
        tokens: 80,
        tokensCredited: 80,
        role: 'not_configured',
      }),
      expect.objectContaining({
        purchaseId: first.purchaseId,
        transactionId: first.intentId,
        productName: 'Swamp Blood',
        amount: 60,
        status: 'completed',
        tokens: 100,
        buyerEmail: 'alice@example.com',
      }),
    ]);
    expect(Date.parse(mine.body.purchases[1].createdAt)).toBeLessThan(Date.parse(mine.body.purchases[0].createdAt));
    const theirs = await as(bob).get('/api/user/purchases');
    expect(theirs.body.purchases.map((p: { purchaseId: string }) => p.purchaseId)).toEqual([bobs.purchaseId]);

    // a receipt is found by purchase id or transaction id, only by its buyer: another's answers 404
    expect((await as(alice).get(`/api/user/purchases/${first.purchaseId}`)).body).toMatchObject({
      productName: 'Swamp Blood',
      transactionId: first.intentId,
    });
    for (const reference of [bobs.purchaseId, bobs.intentId]) {
      const foreign = await as(alice).get(`/api/user/purchases/${reference}`);
      expect(foreign.status).toBe(404);
      expect(JSON.stringify(foreign.body)).not.toContain('Bayou Basic');
    }
    for (const reference of [first.purchaseId, second.intentId])
      expect((await as(bob).get(`/api/user/purchases/${reference}`)).status).toBe(404);
    // paging with another player's purchase as the cursor shows nothing of theirs
    const crossed = await as(alice).get(`/api/user/purchases?before=${bobs.purchaseId}`);
    expect(crossed.body).toEqual({ purchases: [], nextBefore: null });
  });

  it('pages the list with limit and before', async () => {
    const page1 = await as(alice).get('/api/user/purchases?limit=1');
    expect(page1.body.purchases).toHaveLength(1);
    expect(page1.body.nextBefore).toBe(page1.body.purchases[0].purchaseId);
    const page2 = await as(alice).get(`/api/user/purchases?limit=1&before=${page1.body.nextBefore}`);
    expect(page2.body.purchases[0].productName).toBe('Swamp Blood');
  });

  it('refuses a bad page request with a message for a person', async () => {
    const tooMany = await as(alice).get('/api/user/purchases?limit=500');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('Limit must be 1 to 100.');
    const notAnId = await as(alice).get('/api/user/purchases?before=yesterday');
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.message).toContain('Before must be the id of one of your purchases.');
    expect((await client(server.url).get('/api/user/purchases')).status).toBe(401);
  });

  it('reads an unpaid checkout as awaiting payment, then abandoned after 24 hours, and a declined one as failed at once', async () => {
    const carol = await signIn(server, { username: 'Carol Landry', discordId: randomDiscordId() });
    const http = as(carol);
    const unpaid = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'bayou-basic',
    });
    expect((await http.get(`/api/user/purchases/${unpaid.body.paymentIntentId}`)).body).toMatchObject({
      status: 'awaiting_payment',
      tokensCredited: 0,
      role: 'none',
    });
    now += 25 * HOUR;
    const again = as(await signIn(server, { discordId: carol.user.discordId, username: 'Carol Landry' }));
    expect((await again.get(`/api/user/purchases/${unpaid.body.paymentIntentId}`)).body.status).toBe('abandoned');

    // a declined card reads as failed at once, with the bank's reason; the store asking the provider later keeps it so
    const declined = await again.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
    });
    await again.post('/api/payments/demo/confirm', {
      clientSecret: declined.body.clientSecret,
      cardNumber: '4000000000000002',
    });
    expect((await again.get(`/api/user/purchases/${declined.body.paymentIntentId}`)).body).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    });
    now += HOUR;
    const { system } = server;
    await system.database.withContext(() => system.core.purchases.reconcile.execute({ all: true }));
    expect((await again.get(`/api/user/purchases/${declined.body.paymentIntentId}`)).body).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
      tokensCredited: 0,
    });
    // the checkout closed unpaid with no payment tried is no purchase of hers; the declined one is
    const listed = await again.get('/api/user/purchases');
    expect(listed.body.purchases.map((p: { purchaseId: string; status: string }) => [p.purchaseId, p.status])).toEqual([
      [declined.body.purchaseId, 'failed'],
    ]);
  });

  it('shows each player only their own token history and applications', async () => {
    const aliceHistory = await as(alice).get('/api/user/tokens/history');
    expect(aliceHistory.body.entries.map((e: { delta: number }) => e.delta).sort()).toEqual([100, 80].sort());
    const bobHistory = await as(bob).get('/api/user/tokens/history');
    expect(bobHistory.body.entries.map((e: { delta: number }) => e.delta)).toEqual([25]);

    const submitted = await as(alice).post('/api/applications', whitelistAnswers());
    expect(submitted.status).toBe(201);
    const staff = await as(bob).post('/api/staff-applications', staffAnswers());
    expect(staff.status).toBe(201);
    expect((await as(alice).get('/api/applications/mine')).body.applications.map((a: { id: string }) => a.id)).toEqual([
      submitted.body.id,
    ]);
    expect((await as(bob).get('/api/applications/mine')).body.applications).toEqual([]);
    expect((await as(alice).get('/api/staff-applications/mine')).body.applications).toEqual([]);
    expect(
      (await as(bob).get('/api/staff-applications/mine')).body.applications.map((a: { id: string }) => a.id),
    ).toEqual([staff.body.id]);
  });
});
