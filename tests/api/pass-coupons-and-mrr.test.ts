import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { devSignIn, randomDiscordId, signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** the server's clock, moved by the tests: upgrades are prorated and renewals charged by it */
let now = new Date('2026-11-04T12:00:00Z');
let server: TestServer;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
  const created = await admin.post('/api/coupons', {
    code: 'BAYOU25',
    percentOff: 25,
    productTypes: ['whitelist'],
    months: 'forever',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
afterAll(() => server?.stop());

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));
const renewDue = (at: Date) =>
  server.system.database.withContext(() => server.system.core.memberships.renewDue.execute({ now: at }));
const cents = (dollars: number) => Math.round(dollars * 100);

async function member(tierId: string, couponCode?: string) {
  const signed = await signIn(server);
  const bought = await buyWithDemoCard(server.url, signed, { productType: 'whitelist', productId: tierId, couponCode });
  return { ...signed, http: bought.http, membership: (await bought.http.get('/api/membership')).body.membership };
}

describe('a Priority Pass under an every-month coupon', () => {
  it('the upgrade dialog, the upgrade charge and the renewal agree: the coupon takes its same amount off either tier', async () => {
    now = new Date('2026-11-04T12:00:00Z');
    const buyer = await member('bayou-basic', 'BAYOU25');
    // 25 % of Bayou Basic's $20: $5.00 off every month
    expect(buyer.membership.nextCharge.amount).toBe(15);

    now = new Date('2026-11-19T12:00:00Z');
    // a session lasts less than the half month that passed: the member signs in again
    const http = client(server.url, (await signIn(server, { discordId: buyer.user.discordId })).cookie);
    const preview = await http.get('/api/membership/preview?action=change-tier&tierId=parish-life');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'upgrade',
      coupon: { code: 'BAYOU25', offNow: 5, offNext: 5 },
      nextCharge: { amount: 35, tierName: 'Parish Life' },
    });
    // what this month costs on Parish Life with the coupon ($35) less on Bayou Basic ($15), for the half month left
    expect(preview.body.chargeNow).toBeGreaterThan(9.9);
    expect(preview.body.chargeNow).toBeLessThan(10.1);

    const changed = await http.post('/api/membership/change-tier', {
      tierId: 'parish-life',
      expectedCharge: preview.body.chargeNow,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.charged.amount).toBe(preview.body.chargeNow);
    expect(changed.body.membership.nextCharge).toMatchObject({ amount: 35, tierId: 'parish-life' });

    await renewDue(new Date(new Date(buyer.membership.currentPeriodEnd).getTime() + 60_000));
    const charges = await sql<Array<{ billing_reason: string; price_cents: number; amount_cents: number }>>(
      `select p.billing_reason, p.price_cents, i.amount_cents from purchases p
       join demo_payment_intents i on i.id = p.payment_intent_id where p.user_id = ? order by p.created_at`,
      [buyer.user.id],
    );
    expect(charges).toEqual([
      { billing_reason: 'start', price_cents: 1500, amount_cents: 1500 },
      {
        billing_reason: 'upgrade',
        price_cents: cents(preview.body.chargeNow),
        amount_cents: cents(preview.body.chargeNow),
      },
      // the renewal is what the dialog said it would be
      { billing_reason: 'renewal', price_cents: 3500, amount_cents: 3500 },
    ]);
    // the public Recent Purchases list says what each amount was for, not a price
    const recent = (await client(server.url).get('/api/purchases/recent?limit=50')).body.items as Array<{
      item: string;
      amount: number;
    }>;
    expect(recent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: 'Parish Life renewal (with a coupon)', amount: 35 }),
        expect.objectContaining({ item: 'Upgrade to Parish Life (rest of the month)', amount: preview.body.chargeNow }),
        expect.objectContaining({ item: 'Bayou Basic (with a coupon)', amount: 15 }),
      ]),
    );
  });

  it('MRR is what the next renewals bill: a coupon that covers the next month is taken off, a gifted pass counts nothing', async () => {
    now = new Date('2026-11-04T12:00:00Z');
    admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const tier = (body: { tiers: Array<{ tierId: string; members: number; monthly: number }> }, id: string) =>
      body.tiers.find((row) => row.tierId === id) ?? { members: 0, monthly: 0 };
    const before = (await admin.get('/api/memberships/summary')).body;

    // a member on Parish Life with 25 % off every month: his next charge is $30, not $40
    const couponed = await member('parish-life', 'BAYOU25');
    expect(couponed.membership.nextCharge.amount).toBe(30);
    // a 3-month Swamp Blood pass given to a friend: paid once, never charged again
    const giver = await signIn(server);
    const friendId = randomDiscordId();
    const gift = await client(server.url, giver.cookie).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: friendId,
      giftMonths: 3,
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    const giverHttp = client(server.url, giver.cookie);
    await giverHttp.post('/api/payments/demo/confirm', {
      clientSecret: gift.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(
      (await giverHttp.post('/api/complete-purchase', { paymentIntentId: gift.body.paymentIntentId })).status,
    ).toBe(200);
    const friend = client(server.url, await devSignIn(server.url, { discordId: friendId, username: 'marigold' }));
    const gifted = (await friend.get('/api/membership')).body.membership;
    // the recipient's account says what the gift gave: its months, and every token at once
    expect(gifted).toMatchObject({ gifted: true, gift: { months: 3, tokens: 300 }, nextCharge: null });

    const after = (await admin.get('/api/memberships/summary')).body;
    expect(after.members).toBe(before.members + 2);
    expect(tier(after, 'swamp-blood').members).toBe(tier(before, 'swamp-blood').members + 1);
    expect(tier(after, 'swamp-blood').monthly).toBe(tier(before, 'swamp-blood').monthly);
    expect(tier(after, 'parish-life').monthly).toBe(tier(before, 'parish-life').monthly + 30);
    expect(after.mrr).toBe(before.mrr + 30);

    // a canceled pass bills nothing more either
    expect((await couponed.http.post('/api/membership/cancel', {})).status).toBe(200);
    expect((await admin.get('/api/memberships/summary')).body.mrr).toBe(before.mrr);
  });

  it("a gift's refund terms name whose tokens come back: the recipient's, who holds them", async () => {
    now = new Date('2026-11-04T12:00:00Z');
    admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const giver = await signIn(server);
    const friend = await signIn(server, { username: 'Rosalie' });
    const giverHttp = client(server.url, giver.cookie);
    const started = await giverHttp.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      giftTo: friend.user.discordId,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await giverHttp.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    await giverHttp.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
    const detail = (await admin.get(`/api/purchases/${started.body.purchaseId}`)).body;
    expect(detail.refund).toMatchObject({ tokensToRemove: 80, tokensFrom: { name: 'Rosalie', recipient: true } });
    expect(friend.user.id).not.toBe(giver.user.id);
  });
});
