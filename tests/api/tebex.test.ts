import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import type { FakeTebex } from '../support/fake-tebex.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTebexTestServer } from '../support/tebex-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

let server: TestServer;
let fake: FakeTebex;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, stop } = await startTebexTestServer({
    env: { DISCORD_ROLE_MAP: JSON.stringify({ 'hood-package': '112233445566778899' }) },
  }));
  const synced = await runCliOn(server.system, ['tebex', 'sync']);
  expect(synced.code).toBe(0);
});
afterAll(() => stop?.());

const sql = <T>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T[]>(query, params));

const purchaseRow = async (id: string) =>
  (
    await sql<{ status: string; gateway: string; tokens_awarded: number; payment_intent_id: string }>(
      `select status, gateway, tokens_awarded, payment_intent_id from purchases where id = ?`,
      [id],
    )
  )[0];

type Item = { productType: string; productId: string; option?: string; banReason?: string };

/** a signed-in buyer opens a checkout, signs in at Tebex, and reaches Tebex's checkout page with the package in it */
async function openBasket(item: Item) {
  const signed = await signIn(server);
  const api = client(server.url, signed.cookie);
  const started = await api.post('/api/create-payment-intent', { ...AGREED, ...item });
  expect(started.status).toBe(200);
  const ident = started.body.paymentIntentId as string;
  expect(started.body.redirectUrl).toBe(`${server.url}/api/tebex/baskets/${ident}/continue`);
  const follow = async () => {
    const response = await fetch(started.body.redirectUrl, { headers: { cookie: signed.cookie }, redirect: 'manual' });
    expect(response.status).toBe(302);
    return response.headers.get('location') as string;
  };
  // a FiveM webstore: sign in with Cfx.re first, and back to the site, which adds the package
  expect(await follow()).toContain(`${fake.url}/login/${ident}`);
  fake.signIn(ident);
  expect(await follow()).toBe(`${fake.url}/checkout/${ident}`);
  return { api, user: signed.user, ident, purchaseId: started.body.purchaseId as string, cookie: signed.cookie };
}

describe('Tebex as the payment gateway (a fake Tebex on loopback)', () => {
  it('tells the browser to send buyers to Tebex, and offers no demo card form', async () => {
    expect((await client(server.url).get('/api/payments/config')).body).toEqual({
      mode: 'tebex',
      publishableKey: null,
    });
    const { api } = await openBasket({ productType: 'gang', productId: 'starter-gang' });
    const demo = await api.post('/api/payments/demo/confirm', {
      clientSecret: 'x_secret_y',
      cardNumber: '4242424242424242',
    });
    expect(demo.status).toBe(404);
  });

  it('sells a tier, a gang package, an add-on option and an unban: each completes once, credited, named Tebex', async () => {
    const items: Array<Item & { tokens: number; name: string }> = [
      { productType: 'whitelist', productId: 'swamp-blood', tokens: 100, name: 'Swamp Blood' },
      { productType: 'gang', productId: 'hood-package', tokens: 80, name: 'Hood Package' },
      {
        productType: 'addon',
        productId: 'bayou-chains',
        option: 'iced-out',
        tokens: 100,
        name: 'Bayou Chains (Iced Out)',
      },
      {
        productType: 'unban',
        productId: 'discord-unban',
        banReason: 'Banned for RDM at the docks last week.',
        tokens: 19,
        name: 'Discord Unban',
      },
    ];
    for (const item of items) {
      const { api, ident, purchaseId } = await openBasket(item);
      const basket = fake.basket(ident);
      // the basket carries the catalogue's package, at the catalogue's price, for this purchase and buyer
      expect(basket.packages.map((pkg) => pkg.name)).toEqual([item.name]);
      expect(basket.custom).toMatchObject({ purchase_id: purchaseId });
      expect(basket.complete_url).toBe(`${server.url}/checkout-success?payment_intent=${purchaseId}`);
      expect((await purchaseRow(purchaseId)).status).toBe('pending');
      await fake.pay(ident);
      expect(fake.sent.at(-1)?.status).toBe(200);
      expect(await purchaseRow(purchaseId)).toMatchObject({
        status: 'completed',
        gateway: 'tebex',
        tokens_awarded: item.tokens,
      });
      expect((await api.get('/api/user/tokens')).body.tokens).toBe(item.tokens);
      const mine = await api.get(`/api/user/purchases/${purchaseId}`);
      expect(mine.body.status).toBe('completed');
    }
    // a tier is a membership, billed by Tebex
    const members = await runCliOn(server.system, ['subscriptions', 'list', '--json']);
    expect(JSON.parse(members.stdout).some((row: { tier: string }) => row.tier === 'swamp-blood')).toBe(true);
  });

  it('credits once under 10 duplicate and 10 raced deliveries of one payment', async () => {
    const { api, ident, purchaseId } = await openBasket({ productType: 'gang', productId: 'hood-package' });
    const basket = fake.basket(ident);
    basket.complete = true;
    basket.transactionId = 'tbx-race-1';
    const subject = fake.payment(basket, 'tbx-race-1');
    const same = fake.webhook('payment.completed', subject);
    const statuses = await Promise.all([
      ...Array.from({ length: 10 }, () => fake.post(same)),
      ...Array.from({ length: 10 }, () => fake.post(fake.webhook('payment.completed', subject))),
    ]);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect((await purchaseRow(purchaseId)).tokens_awarded).toBe(80);
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(80);
    const credits = await sql<{ n: number }>(`select count(*)::int as n from token_ledger where reference = ?`, [
      `purchase:${purchaseId}`,
    ]);
    expect(credits[0].n).toBe(1);
  });

  it('answers a forged, an altered and an unsigned webhook with 400 and changes nothing', async () => {
    const { api, ident, purchaseId } = await openBasket({ productType: 'gang', productId: 'starter-gang' });
    const basket = fake.basket(ident);
    const good = fake.webhook('payment.completed', fake.payment(basket, 'tbx-forged'));
    const send = (body: string, signature?: string) =>
      fetch(`${server.url}/api/tebex/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
        body,
      });
    const altered = good.body.replace('"amount":50', '"amount":5');
    expect(altered).not.toBe(good.body);
    const answers = [await send(good.body, 'f'.repeat(64)), await send(altered, good.signature), await send(good.body)];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect((await answers[0].json()).message).toBe('Webhook signature verification failed.');
    expect((await answers[2].json()).message).toBe('Missing X-Signature header.');
    expect((await purchaseRow(purchaseId)).status).toBe('pending');
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(0);
  });

  it("answers Tebex's endpoint validation with the webhook's id", async () => {
    const validation = fake.webhook('validation.webhook', {}, '2c116b11-1110-91e0-b266-b792c8da5f11');
    const response = await fetch(`${server.url}/api/tebex/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': validation.signature },
      body: validation.body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '2c116b11-1110-91e0-b266-b792c8da5f11' });
  });

  it('a refund removes the tokens; a dispute does too and stops the buyer buying; the site cannot refund itself', async () => {
    const refunded = await openBasket({ productType: 'gang', productId: 'hood-package' });
    const { transactionId } = await fake.pay(refunded.ident);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const inSite = await admin.post(`/api/purchases/${refunded.purchaseId}/refund`, { reason: 'Asked for it back' });
    expect(inSite.status).toBe(409);
    expect(inSite.body.message).toContain('refund it in the Tebex creator panel');
    const basket = fake.basket(refunded.ident);
    await fake.send(
      'payment.refunded',
      fake.payment(basket, transactionId, { status: { id: 2, description: 'Refund' } }),
    );
    expect((await purchaseRow(refunded.purchaseId)).status).toBe('refunded');
    expect((await refunded.api.get('/api/user/tokens')).body.tokens).toBe(0);
    // the role the purchase granted is taken away, as after a Stripe refund
    const roles = await sql<{ kind: string; role_id: string }>(
      `select kind, role_id from deliveries where purchase_id = ? and kind in ('grant_role', 'remove_role') order by created_at`,
      [refunded.purchaseId],
    );
    expect(roles).toEqual([
      { kind: 'grant_role', role_id: '112233445566778899' },
      { kind: 'remove_role', role_id: '112233445566778899' },
    ]);

    const disputed = await openBasket({ productType: 'gang', productId: 'starter-gang' });
    const paid = await fake.pay(disputed.ident);
    await fake.send('payment.dispute.opened', fake.payment(fake.basket(disputed.ident), paid.transactionId));
    expect((await purchaseRow(disputed.purchaseId)).status).toBe('disputed');
    expect((await disputed.api.get('/api/user/tokens')).body.tokens).toBe(0);
    const again = await disputed.api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(again.status).toBe(403);
  });

  it('renews a membership through recurring-payment events: granted once per month, canceled, ended', async () => {
    const { api, ident, user } = await openBasket({ productType: 'whitelist', productId: 'bayou-basic' });
    await fake.pay(ident);
    const tokens = async () => (await api.get('/api/user/tokens')).body.tokens as number;
    const first = await tokens();
    expect(first).toBeGreaterThan(0);
    const renewal = await fake.renew(ident, new Date(Date.now() + 60 * 86_400_000));
    expect(await tokens()).toBe(first * 2);
    // the same renewal again, and raced: no second grant
    await Promise.all(Array.from({ length: 5 }, () => fake.post({ body: renewal.body, signature: renewal.signature })));
    expect(await tokens()).toBe(first * 2);
    const membership = async () =>
      (
        await sql<{ status: string; cancel_at_period_end: boolean; gateway: string }>(
          `select status, cancel_at_period_end, gateway from memberships where user_id = ? order by created_at desc limit 1`,
          [user.id],
        )
      )[0];
    expect(await membership()).toMatchObject({ status: 'active', gateway: 'tebex' });
    // cancelling is Tebex's: the site refuses it, and follows Tebex's report
    const cancel = await api.post('/api/membership/cancel', {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain('billed by Tebex');
    const basket = fake.basket(ident);
    const recurring = fake.recurring(basket, renewal.transactionId);
    await fake.send('recurring-payment.cancellation.requested', recurring);
    expect((await membership()).cancel_at_period_end).toBe(true);
    await fake.send('recurring-payment.cancellation.aborted', recurring);
    expect((await membership()).cancel_at_period_end).toBe(false);
    await fake.send('recurring-payment.ended', recurring);
    expect((await membership()).status).toBe('ended');
  });

  describe.each([
    ['the cancellation requested', 'recurring-payment.cancellation.requested', true],
    ['the cancellation aborted', 'recurring-payment.cancellation.aborted', false],
  ] as const)('a cancel and its abort delivered with %s last by date', (_, later, canceled) => {
    it.each([
      ['in the order of their dates', false],
      ['the later one first', true],
    ])('%s: the later one wins', async (_, laterFirst) => {
      const { ident, user } = await openBasket({ productType: 'whitelist', productId: 'parish-life' });
      await fake.pay(ident);
      const recurring = fake.recurring(fake.basket(ident), fake.basket(ident).transactionId as string);
      const earlier = ['recurring-payment.cancellation.requested', 'recurring-payment.cancellation.aborted'].find(
        (type) => type !== later,
      ) as string;
      const now = Date.now();
      const older = fake.webhook(earlier, recurring, randomUUID(), new Date(now - 60_000));
      const newer = fake.webhook(later, recurring, randomUUID(), new Date(now));
      for (const delivery of laterFirst ? [newer, older] : [older, newer]) expect(await fake.post(delivery)).toBe(200);
      const [membership] = await sql<{ cancel_at_period_end: boolean }>(
        `select cancel_at_period_end from memberships where user_id = ?`,
        [user.id],
      );
      expect(membership.cancel_at_period_end).toBe(canceled);
    });
  });

  it("does not end a past-due pass at the grace's end: Tebex may still retry, and its own event ends it", async () => {
    const { ident, user } = await openBasket({ productType: 'whitelist', productId: 'parish-life' });
    await fake.pay(ident);
    const basket = fake.basket(ident);
    const renewalDate = new Date(Date.now() + 30 * 86_400_000);
    await fake.send(
      'payment.declined',
      fake.payment(basket, `tbx-declined-${randomUUID().slice(0, 8)}`, {
        status: { id: 3, description: 'Declined' },
        payment_sequence: 'renewal',
        created_at: renewalDate.toISOString(),
        decline_reason: { code: 'card_declined', message: 'Your card was declined.' },
      }),
    );
    const membership = async () =>
      (
        await sql<{ status: string; grace_until: Date | null }>(
          `select status, grace_until from memberships where user_id = ?`,
          [user.id],
        )
      )[0];
    const pastDue = await membership();
    expect(pastDue.status).toBe('past_due');
    const graceOver = new Date(new Date(pastDue.grace_until as Date).getTime() + 60_000);
    const report = await server.system.database.withContext(() =>
      server.system.core.memberships.renewDue.execute({ now: graceOver }),
    );
    expect(report.ended).toBe(0);
    expect((await membership()).status).toBe('past_due');
    await fake.send('recurring-payment.ended', fake.recurring(basket, basket.transactionId as string));
    expect((await membership()).status).toBe('ended');
  });

  it('refuses to sell an item whose Tebex price differs, naming both prices, and one with no package', async () => {
    const pkg = fake.packageNamed('Swamp Vehicles');
    pkg.base_price = 99;
    const api = client(server.url, (await signIn(server)).cookie);
    const differs = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'addon',
      productId: 'swamp-vehicles',
    });
    expect(differs.status).toBe(409);
    expect(differs.body.message).toBe(
      'Swamp Vehicles costs $115.00 here but $99.00 on Tebex: it cannot be sold until the store owner makes the prices match.',
    );
    pkg.base_price = 115;
    const count = (await sql<{ n: number }>(`select count(*)::int as n from purchases`))[0].n;
    // sync refuses a catalogue item without a package, and keeps the map it had
    const hidden = fake.packages.splice(fake.packages.indexOf(fake.packageNamed('VIP Housing')), 1);
    const refused = await runCliOn(server.system, ['tebex', 'sync']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('VIP Housing');
    fake.packages.push(...hidden);
    expect(
      (await api.post('/api/create-payment-intent', { ...AGREED, productType: 'addon', productId: 'vip-housing' }))
        .status,
    ).toBe(200);
    expect((await sql<{ n: number }>(`select count(*)::int as n from purchases`))[0].n).toBe(count + 1);
  });

  it('reconcile asks Tebex about a basket it never heard back on', async () => {
    const { ident, purchaseId } = await openBasket({ productType: 'gang', productId: 'swamp-syndicate' });
    const basket = fake.basket(ident);
    basket.complete = true; // paid at Tebex; the webhook was lost
    await sql(`update purchases set created_at = created_at - interval '20 minutes' where id = ?`, [purchaseId]);
    const result = await runCliOn(server.system, ['purchases', 'reconcile', '--json']);
    expect(JSON.parse(result.stdout).completed).toContain(purchaseId);
    expect((await purchaseRow(purchaseId)).status).toBe('completed');
  });

  it('shows the gateway of each purchase to admins and in the CLI', async () => {
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const list = await admin.get('/api/purchases');
    expect(list.body.purchases.length).toBeGreaterThan(0);
    expect(list.body.purchases.every((row: { gateway: string }) => row.gateway === 'tebex')).toBe(true);
    const cli = await runCliOn(server.system, ['purchases', 'list']);
    expect(cli.stdout.split('\n').filter((line) => line.includes(' tebex ')).length).toBeGreaterThan(0);
  });
});

describe('choosing Tebex', () => {
  it('refuses to start without its keys, naming them, in production and in development', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        loadConfig({ NODE_ENV, PAYMENT_GATEWAY: 'tebex', TEBEX_PUBLIC_TOKEN: 'token', SESSION_SECRET: 'x'.repeat(40) }),
      ).toThrow('PAYMENT_GATEWAY=tebex needs TEBEX_PRIVATE_KEY, TEBEX_WEBHOOK_SECRET');
    }
  });

  it('checks TEBEX_PACKAGE_MAP against the catalogue, naming every problem', () => {
    const env = {
      PAYMENT_GATEWAY: 'tebex',
      TEBEX_PUBLIC_TOKEN: 'token',
      TEBEX_PRIVATE_KEY: 'key',
      TEBEX_WEBHOOK_SECRET: 'secret',
    };
    expect(() =>
      loadConfig({ ...env, TEBEX_PACKAGE_MAP: '{"no-such-thing": 1, "bayou-chains": 2, "swamp-blood": "3"}' }),
    ).toThrow(
      [
        'Invalid configuration:',
        "  TEBEX_PACKAGE_MAP: 'no-such-thing' is not a product id of the catalogue",
        "  TEBEX_PACKAGE_MAP: Bayou Chains is sold by option: name one, e.g. 'bayou-chains:basic'",
        "  TEBEX_PACKAGE_MAP: the package for 'swamp-blood' must be a Tebex package id (a whole number)",
      ].join('\n'),
    );
    expect(loadConfig({ ...env, TEBEX_PACKAGE_MAP: '{"bayou-chains:iced-out": 6100015}' }).tebex?.packageMap).toEqual({
      'bayou-chains:iced-out': 6100015,
    });
  });

  it('takes webhooks only from the allowed addresses when told to', async () => {
    const guarded = await startTebexTestServer({ env: { TEBEX_WEBHOOK_IPS: 'tebex' } });
    try {
      const validation = guarded.fake.webhook('validation.webhook', {});
      const response = await fetch(`${guarded.server.url}/api/tebex/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': validation.signature },
        body: validation.body,
      });
      expect(response.status).toBe(404);
    } finally {
      await guarded.stop();
    }
  });
});
