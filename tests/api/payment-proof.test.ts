import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../support/captured-log.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { FAKE_TEBEX_WEBHOOK_SECRET, type FakeTebex } from '../support/fake-tebex.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import { startTebexTestServer } from '../support/tebex-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/**
 * A payment webhook changes a purchase only when the payment is proven to be that purchase's. The attacker here has
 * what anyone has: a webstore token to open baskets with any custom data, and purchase ids seen on receipts.
 */
let tebex: { server: TestServer; fake: FakeTebex; stop: () => Promise<void> };
let stripe: { server: TestServer; fake: FakeStripe; stop: () => Promise<void> };
/** the Tebex site's log */
const tebexLog = capturedLogger();
beforeAll(async () => {
  [tebex, stripe] = await Promise.all([startTebexTestServer({ logger: tebexLog.logger }), startStripeTestServer()]);
  expect((await runCliOn(tebex.server.system, ['tebex', 'sync'])).code).toBe(0);
});
afterAll(async () => {
  await Promise.all([tebex?.stop(), stripe?.stop()]);
});

const sqlOn =
  (server: () => TestServer) =>
  <T>(query: string, params: unknown[] = []) =>
    server().system.database.withContext(() => server().system.database.em.getConnection().execute<T[]>(query, params));
const tebexSql = sqlOn(() => tebex.server);
const stripeSql = sqlOn(() => stripe.server);

const purchaseOn = (sql: typeof tebexSql) => async (id: string) =>
  (
    await sql<{ status: string; tokens_awarded: number; amount_paid_cents: number | null; subscription_id: string }>(
      `select status, tokens_awarded, amount_paid_cents, subscription_id from purchases where id = ?`,
      [id],
    )
  )[0];

/** a signed-in buyer reaches Tebex's checkout page for the item, with the package in the basket */
async function openBasket(productType: string, productId: string) {
  const { server, fake } = tebex;
  const signed = await signIn(server);
  const api = client(server.url, signed.cookie);
  const started = await api.post('/api/create-payment-intent', { ...AGREED, productType, productId });
  expect(started.status).toBe(200);
  const ident = started.body.paymentIntentId as string;
  const follow = () => fetch(started.body.redirectUrl, { headers: { cookie: signed.cookie }, redirect: 'manual' });
  await follow();
  fake.signIn(ident);
  await follow();
  return { api, user: signed.user, ident, purchaseId: started.body.purchaseId as string };
}

/** a signed Tebex delivery, answered with the site's body */
function sendTebex(type: string, subject: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return postTebex(tebex.fake.webhook(type, subject));
}

async function postTebex(delivery: {
  body: string;
  signature: string;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(tebex.fake.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': delivery.signature },
    body: delivery.body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const unmatchedListed = async (server: TestServer) => {
  const listed = await runCliOn(server.system, ['purchases', 'list', '--status', 'unmatched', '--json']);
  expect(listed.code).toBe(0);
  return JSON.parse(listed.stdout) as Array<{
    id: string;
    type: string;
    namedPurchaseId: string | null;
    reason: string;
  }>;
};

describe('Tebex webhooks that name a purchase they did not pay', () => {
  it("a refund and a dispute of the attacker's own transaction leave the other player's purchase, tokens and store access alone", async () => {
    const purchase = purchaseOn(tebexSql);
    const victim = await openBasket('gang', 'hood-package');
    await tebex.fake.pay(victim.ident);
    const before = (await victim.api.get('/api/user/tokens')).body.tokens as number;
    expect(before).toBeGreaterThan(0);

    const attacker = await openBasket('addon', 'swamp-vehicles');
    const forged = (transactionId: string) =>
      tebex.fake.payment(tebex.fake.basket(attacker.ident), transactionId, {
        custom: { purchase_id: victim.purchaseId },
      });
    const refund = await sendTebex('payment.refunded', forged('tbx-attacker-own-9'));
    expect(refund).toEqual({ status: 200, body: { received: true, applied: false } });
    const dispute = await sendTebex('payment.dispute.opened', forged('tbx-attacker-own-10'));
    expect(dispute).toEqual({ status: 200, body: { received: true, applied: false } });

    expect(await purchase(victim.purchaseId)).toMatchObject({ status: 'completed', tokens_awarded: before });
    expect((await victim.api.get('/api/user/tokens')).body.tokens).toBe(before);
    // not paused: the victim can still buy
    expect(
      (
        await victim.api.post('/api/create-payment-intent', {
          ...AGREED,
          productType: 'gang',
          productId: 'starter-gang',
        })
      ).status,
    ).toBe(200);
    // staff see both, naming the purchase they tried to touch
    const listed = await unmatchedListed(tebex.server);
    const named = listed.filter((event) => event.namedPurchaseId === victim.purchaseId).map((event) => event.type);
    expect(named.sort()).toEqual(['disputed', 'refunded']);
  });

  it("a payment whose custom data names a purchase without the site's signature completes nothing", async () => {
    const purchase = purchaseOn(tebexSql);
    const victim = await openBasket('gang', 'starter-gang');
    const attacker = await openBasket('gang', 'starter-gang');
    // the attacker pays for their own basket, but says it was for the victim's checkout
    tebex.fake.basket(attacker.ident).complete = true;
    const own = tebex.fake.payment(tebex.fake.basket(attacker.ident), 'tbx-attacker-own-11');
    const named = { purchase_id: victim.purchaseId, user_id: victim.user.id };
    const subject = {
      ...own,
      custom: named,
      products: (own.products as Array<Record<string, unknown>>).map((product) => ({ ...product, custom: named })),
    };
    expect((await sendTebex('payment.completed', subject)).body).toEqual({ received: true, applied: false });
    expect(await purchase(victim.purchaseId)).toMatchObject({ status: 'pending', tokens_awarded: 0 });
    expect(
      (await unmatchedListed(tebex.server)).find((event) => event.namedPurchaseId === victim.purchaseId)?.reason,
    ).toBe('Its custom data was not signed by this site.');
  });

  it("a decline whose custom data names another player's checkout without the site's signature is listed and logged, and changes nothing", async () => {
    const purchase = purchaseOn(tebexSql);
    const victim = await openBasket('gang', 'starter-gang');
    const attacker = await openBasket('gang', 'starter-gang');
    const declined = (transactionId: string) =>
      tebex.fake.payment(tebex.fake.basket(attacker.ident), transactionId, {
        decline_reason: { code: 'card_declined', message: 'Your card was declined.' },
      });
    const named = { purchase_id: victim.purchaseId, user_id: victim.user.id };
    // the attacker's own basket declined: once naming the victim's checkout everywhere, unsigned, and once naming it
    // beside the package's custom data the site signed for the attacker's checkout
    const unsigned = declined('tbx-attacker-declined-1');
    const forgeries = [
      {
        ...unsigned,
        custom: named,
        products: (unsigned.products as Array<Record<string, unknown>>).map((product) => ({
          ...product,
          custom: named,
        })),
      },
      { ...declined('tbx-attacker-declined-2'), custom: named },
    ];
    const deliveries = forgeries.map((subject) => tebex.fake.webhook('payment.declined', subject));
    for (const delivery of deliveries)
      expect(await postTebex(delivery)).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await purchase(victim.purchaseId)).toMatchObject({ status: 'pending', tokens_awarded: 0 });

    const reason = 'Its custom data was not signed by this site.';
    const listed = (await unmatchedListed(tebex.server)).filter((event) => event.namedPurchaseId === victim.purchaseId);
    expect(listed.map((event) => [event.type, event.reason])).toEqual([
      ['payment.declined', reason],
      ['payment.declined', reason],
    ]);
    const warnings = tebexLog.lines.filter((line) => line.namedPurchaseId === victim.purchaseId);
    expect(warnings).toHaveLength(2);
    for (const warning of warnings)
      expect(warning).toMatchObject({ level: 40, provider: 'tebex', msg: `Unmatched payment event: ${reason}` });
    // nothing that proves a delivery or a basket is written out
    const written = JSON.stringify(warnings);
    const basketSignature = (tebex.fake.basket(attacker.ident).custom as Record<string, string>).signature;
    for (const secret of [FAKE_TEBEX_WEBHOOK_SECRET, basketSignature, ...deliveries.map((d) => d.signature)])
      expect(written).not.toContain(secret);

    // the attacker's own first payment declined, with the custom data the site signed for it, is left alone
    expect((await sendTebex('payment.declined', declined('tbx-attacker-declined-3'))).body.applied).toBe(false);
    expect((await purchase(attacker.purchaseId)).status).toBe('pending');
    expect((await unmatchedListed(tebex.server)).some((event) => event.namedPurchaseId === attacker.purchaseId)).toBe(
      false,
    );
  });

  it('a new payment carrying the signed custom data of a checkout already paid completes nothing', async () => {
    const purchase = purchaseOn(tebexSql);
    const victim = await openBasket('gang', 'starter-gang');
    await tebex.fake.pay(victim.ident);
    const paid = await purchase(victim.purchaseId);
    expect(paid.status).toBe('completed');
    const tokens = (await victim.api.get('/api/user/tokens')).body.tokens as number;

    const again = tebex.fake.payment(tebex.fake.basket(victim.ident), 'tbx-paid-again-1');
    expect((await sendTebex('payment.completed', again)).body).toEqual({ received: true, applied: false });
    expect(await purchase(victim.purchaseId)).toEqual(paid);
    expect((await victim.api.get('/api/user/tokens')).body.tokens).toBe(tokens);
    expect(
      (await unmatchedListed(tebex.server)).find((event) => event.namedPurchaseId === victim.purchaseId)?.reason,
    ).toBe('It names a purchase that is no longer awaiting payment (completed).');
  });

  it("recurring events of the attacker's own subscription never touch another player's Priority Pass", async () => {
    const victim = await openBasket('whitelist', 'gator-crown');
    await tebex.fake.pay(victim.ident);
    const membership = async () =>
      (
        await tebexSql<{ status: string; tier_id: string; cancel_at_period_end: boolean }>(
          `select status, tier_id, cancel_at_period_end from memberships where user_id = ?`,
          [victim.user.id],
        )
      )[0];
    const before = await membership();
    expect(before).toMatchObject({ status: 'active', tier_id: 'gator-crown', cancel_at_period_end: false });
    const tokens = (await victim.api.get('/api/user/tokens')).body.tokens as number;

    // the attacker's own Bayou Basic subscription, whose first payment's custom data names the victim's start
    const attacker = await openBasket('whitelist', 'bayou-basic');
    await tebex.fake.pay(attacker.ident);
    const basket = tebex.fake.basket(attacker.ident);
    const recurring = tebex.fake.recurring(basket, 'tbx-attacker-renewal-1');
    recurring.initial_payment = { ...recurring.initial_payment, custom: { purchase_id: victim.purchaseId } };
    for (const type of [
      'recurring-payment.cancellation.requested',
      'recurring-payment.renewed',
      'recurring-payment.ended',
    ]) {
      const answer = await sendTebex(type, recurring);
      expect(answer.status).toBe(200);
      expect(await membership(), type).toEqual(before);
    }
    expect((await victim.api.get('/api/user/tokens')).body.tokens).toBe(tokens);
    // and a subscription the site never started is unmatched, naming the purchase it claimed
    const stranger = { ...recurring, reference: 'tbx-r-never-seen' };
    expect((await sendTebex('recurring-payment.cancellation.requested', stranger)).body.applied).toBe(false);
    expect(await membership()).toEqual(before);
    expect(
      (await unmatchedListed(tebex.server)).some(
        (event) => event.namedPurchaseId === victim.purchaseId && event.reason.includes('tbx-r-never-seen'),
      ),
    ).toBe(true);

    // the victim asks to cancel: an abort that reached their membership would resume it
    const own = tebex.fake.basket(victim.ident);
    await tebex.fake.send(
      'recurring-payment.cancellation.requested',
      tebex.fake.recurring(own, own.transactionId as string),
    );
    const cancelling = await membership();
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    // a first payment of another subscription whose custom data names the victim's start, unsigned
    const initial = recurring.initial_payment as Record<string, unknown>;
    const named = { purchase_id: victim.purchaseId, user_id: victim.user.id };
    const forged = {
      ...recurring,
      reference: 'tbx-r-attacker-forged',
      initial_payment: {
        ...initial,
        transaction_id: 'tbx-attacker-start-1',
        custom: named,
        products: (initial.products as Array<Record<string, unknown>>).map((product) => ({
          ...product,
          custom: named,
        })),
      },
    };
    for (const type of ['recurring-payment.cancellation.aborted', 'recurring-payment.started'])
      for (const subject of [recurring, forged]) {
        expect((await sendTebex(type, subject)).body, type).toEqual({ received: true, applied: false });
        expect(await membership(), type).toEqual(cancelling);
      }
    expect((await victim.api.get('/api/user/tokens')).body.tokens).toBe(tokens);
  });

  it('a payment of $0.01 for a $80 package is held as underpaid: no tokens, no role, staff told, no revenue', async () => {
    const purchase = purchaseOn(tebexSql);
    const admin = client(tebex.server.url, (await signIn(tebex.server, { role: 'admin' })).cookie);
    const revenueBefore = (await admin.get('/api/purchases')).body.revenue as number;
    const buyer = await openBasket('gang', 'hood-package');
    const basket = tebex.fake.basket(buyer.ident);
    basket.complete = true;
    const subject = tebex.fake.payment(basket, 'tbx-underpaid-1', { price_paid: { amount: 0.01, currency: 'USD' } });
    expect((await sendTebex('payment.completed', subject)).body).toEqual({ received: true, applied: true });
    expect(await purchase(buyer.purchaseId)).toMatchObject({
      status: 'underpaid',
      tokens_awarded: 0,
      amount_paid_cents: 1,
    });
    expect((await buyer.api.get('/api/user/tokens')).body.tokens).toBe(0);
    const deliveries = await tebexSql<{ kind: string; content: string | null }>(
      `select kind, content from deliveries where purchase_id = ? order by created_at`,
      [buyer.purchaseId],
    );
    expect(deliveries.map((delivery) => delivery.kind)).toEqual(['notify_staff']);
    expect(deliveries[0].content).toContain('paid $0.01 for Hood Package ($80.00)');
    const listed = (await admin.get('/api/purchases?status=underpaid')).body;
    expect(listed.purchases.map((row: { id: string }) => row.id)).toContain(buyer.purchaseId);
    expect((await admin.get('/api/purchases')).body.revenue).toBe(revenueBefore);
    // the buyer is told it is under review
    const mine = (await buyer.api.get(`/api/user/purchases/${buyer.purchaseId}`)).body;
    expect(mine.status).toBe('underpaid');
  });

  it('records what Tebex took, with a coupon it reports, and counts that in revenue, the CSV and the CLI', async () => {
    const purchase = purchaseOn(tebexSql);
    const { cookie } = await signIn(tebex.server, { role: 'admin' });
    const admin = client(tebex.server.url, cookie);
    const revenueBefore = (await admin.get('/api/purchases')).body.revenue as number;
    const buyer = await openBasket('gang', 'hood-package');
    const basket = tebex.fake.basket(buyer.ident);
    basket.complete = true;
    const subject = tebex.fake.payment(basket, 'tbx-coupon-1', {
      price_paid: { amount: 60, currency: 'USD' },
      coupons: [{ id: 7, code: 'BAYOU25' }],
    });
    expect((await sendTebex('payment.completed', subject)).body.applied).toBe(true);
    expect(await purchase(buyer.purchaseId)).toMatchObject({ status: 'completed', amount_paid_cents: 6000 });
    expect((await admin.get('/api/purchases')).body.revenue).toBe(revenueBefore + 60);
    const csv = await fetch(`${tebex.server.url}/api/purchases/export.csv`, {
      headers: { cookie },
    }).then((response) => response.text());
    const [header, ...rows] = csv.trim().split('\n');
    const row = rows.find((line) => line.startsWith(buyer.purchaseId)) as string;
    expect(row.split(',')[header.split(',').indexOf('amountPaid')]).toBe('60');
    const cli = await runCliOn(tebex.server.system, ['purchases', 'list', '--status', 'completed']);
    expect(cli.stdout.split('\n').find((line) => line.startsWith(buyer.purchaseId))).toContain('$60.00');
    // and its refund, by the transaction the site recorded, removes the tokens
    await tebex.fake.send('payment.refunded', tebex.fake.payment(basket, 'tbx-coupon-1'));
    expect((await purchase(buyer.purchaseId)).status).toBe('refunded');
  });

  it('records the paid price of a payment Tebex reports a gift card on, and completes it', async () => {
    const purchase = purchaseOn(tebexSql);
    const buyer = await openBasket('gang', 'hood-package');
    const basket = tebex.fake.basket(buyer.ident);
    basket.complete = true;
    const subject = tebex.fake.payment(basket, 'tbx-gift-card-1', {
      price_paid: { amount: 30, currency: 'USD' },
      gift_cards: [{ card_number: 'GIFT-BAYOU-1', amount: { amount: 50, currency: 'USD' } }],
    });
    expect((await sendTebex('payment.completed', subject)).body).toEqual({ received: true, applied: true });
    const recorded = await purchase(buyer.purchaseId);
    expect(recorded).toMatchObject({ status: 'completed', amount_paid_cents: 3000 });
    expect(recorded.tokens_awarded).toBeGreaterThan(0);
    expect((await buyer.api.get('/api/user/tokens')).body.tokens).toBe(recorded.tokens_awarded);
  });
});

describe('Stripe webhooks that name a purchase they did not pay', () => {
  async function startPurchase(productType = 'gang', productId = 'hood-package') {
    const signed = await signIn(stripe.server);
    const api = client(stripe.server.url, signed.cookie);
    const started = await api.post('/api/create-payment-intent', { ...AGREED, productType, productId });
    expect(started.status).toBe(200);
    return { api, intentId: started.body.paymentIntentId as string, purchaseId: started.body.purchaseId as string };
  }

  it("a payment of another intent whose metadata names someone's checkout completes nothing and is listed", async () => {
    const purchase = purchaseOn(stripeSql);
    const victim = await startPurchase();
    const attacker = await startPurchase();
    const paid = stripe.fake.succeed(attacker.intentId);
    const forged = { ...paid, id: 'pi_attacker_own', metadata: { ...paid.metadata, purchaseId: victim.purchaseId } };
    const response = await deliverWebhook(stripe.server, stripe.fake.signedEvent('payment_intent.succeeded', forged));
    expect(await response.json()).toEqual({ received: true, applied: false });
    expect(await purchase(victim.purchaseId)).toMatchObject({ status: 'pending', tokens_awarded: 0 });
    expect((await unmatchedListed(stripe.server)).some((event) => event.namedPurchaseId === victim.purchaseId)).toBe(
      true,
    );
  });

  it('a PaymentIntent paid in full records the amount it received', async () => {
    const purchase = purchaseOn(stripeSql);
    const buyer = await startPurchase();
    const paid = stripe.fake.succeed(buyer.intentId);
    expect(paid.amount_received).toBe(8000);
    const response = await deliverWebhook(stripe.server, stripe.fake.signedEvent('payment_intent.succeeded', paid));
    expect(await response.json()).toEqual({ received: true, applied: true });
    expect(await purchase(buyer.purchaseId)).toMatchObject({ status: 'completed', amount_paid_cents: 8000 });
    expect((await buyer.api.get('/api/user/tokens')).body.tokens).toBeGreaterThan(0);
  });

  it('a PaymentIntent that received less than its amount is held as underpaid', async () => {
    const purchase = purchaseOn(stripeSql);
    const buyer = await startPurchase();
    const paid = { ...stripe.fake.succeed(buyer.intentId), amount_received: 1 };
    const response = await deliverWebhook(stripe.server, stripe.fake.signedEvent('payment_intent.succeeded', paid));
    expect(await response.json()).toEqual({ received: true, applied: true });
    expect(await purchase(buyer.purchaseId)).toMatchObject({
      status: 'underpaid',
      tokens_awarded: 0,
      amount_paid_cents: 1,
    });
    expect((await buyer.api.get('/api/user/tokens')).body.tokens).toBe(0);
  });
});
