import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const DAY = 86_400_000;
let server: TestServer;
let fake: FakeStripe;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, stop } = await startStripeTestServer());
});
afterAll(() => stop?.());

const renewDue = (now: Date) =>
  server.system.database.withContext(() => server.system.core.memberships.renewDue.execute({ now }));
const tokens = async (http: ReturnType<typeof client>) => (await http.get('/api/user/tokens')).body.tokens as number;
const monthsOf = (userId: string) =>
  server.system.database.withContext(() =>
    server.system.database.em
      .getConnection()
      .execute<Array<{ billing_reason: string; status: string; product_id: string; tokens_awarded: number }>>(
        `select billing_reason, status, product_id, tokens_awarded from purchases where user_id = ? order by created_at`,
        [userId],
      ),
  );

/** Buys a tier as the card form would: Stripe.js confirms the first invoice's intent, the page reports back. */
async function subscribe(tierId: string) {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: tierId,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const subscription = fake.billing.subscriptionOfIntent(started.body.paymentIntentId)!;
  expect(subscription).toBeDefined();
  fake.succeed(started.body.paymentIntentId);
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  const membership = (await http.get('/api/membership')).body.membership;
  return { player, http, membership, subscription, started: started.body };
}

const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed', invoice: unknown, id?: string) =>
  fake.signedEvent(type, invoice, id ? { id } : {});

describe('Priority Pass memberships through Stripe Billing', () => {
  it("opens a subscription to the tier's monthly price (made once, found by its lookup key) and starts on the first payment", async () => {
    const { http, membership, subscription, started, player } = await subscribe('swamp-blood');
    const price = subscription.items.data[0].price;
    expect(price).toMatchObject({
      lookup_key: 'priority-pass-swamp-blood-monthly',
      unit_amount: 6000,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
    });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!;
    expect(created.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { purchaseId: started.purchaseId, userId: player.user.id, tierId: 'swamp-blood' },
    });
    expect(created.headers['idempotency-key']).toBe(`membership-${started.purchaseId}`);
    // the first invoice's intent names the purchase, as a one-time payment's does
    expect(fake.intents.get(started.paymentIntentId)?.metadata).toMatchObject({
      purchaseId: started.purchaseId,
      subscriptionId: subscription.id,
    });
    expect(membership).toMatchObject({ tierId: 'swamp-blood', status: 'active', amount: 60 });
    expect(await tokens(http)).toBe(100);

    // Stripe reports the first invoice paid too: nothing more is granted
    const first = fake.billing.invoices.get(subscription.latest_invoice!)!;
    expect((await deliverWebhook(server, invoiceEvent('invoice.paid', first))).status).toBe(200);
    expect(await tokens(http)).toBe(100);

    // a second buyer of the tier is billed on the same price: no new price is made
    const pricesBefore = fake.billing.prices.size;
    const other = await subscribe('swamp-blood');
    expect(other.subscription.items.data[0].price.id).toBe(price.id);
    expect(fake.billing.prices.size).toBe(pricesBefore);
  });

  it('a renewal reported twenty times at once, by webhooks and by the scheduler, grants its tokens once', async () => {
    const { http, player, subscription } = await subscribe('swamp-blood');
    const renewal = fake.billing.renew(subscription.id);
    expect(renewal.status).toBe('paid');
    const event = invoiceEvent('invoice.paid', renewal);
    const deliveries = await Promise.all([
      ...Array.from({ length: 10 }, () => deliverWebhook(server, event)),
      // Stripe may send the same invoice under another event id
      ...Array.from({ length: 10 }, () => deliverWebhook(server, invoiceEvent('invoice.paid', renewal))),
    ]);
    expect(deliveries.map((response) => response.status)).toEqual(Array(20).fill(200));
    await renewDue(new Date(Date.now() + 40 * DAY));
    expect(await tokens(http)).toBe(200);
    const months = await monthsOf(player.user.id);
    expect(months.filter((month) => month.billing_reason === 'renewal')).toEqual([
      { billing_reason: 'renewal', status: 'completed', product_id: 'swamp-blood', tokens_awarded: 100 },
    ]);
    const membership = (await http.get('/api/membership')).body.membership;
    expect(new Date(membership.currentPeriodEnd).getTime()).toBe(renewal.lines.data[0].period.end * 1000);
    expect(membership.status).toBe('active');
  });

  it('a renewal whose webhook never came is found by the scheduler', async () => {
    const { http, membership, subscription } = await subscribe('parish-life');
    const renewal = fake.billing.renew(subscription.id);
    const report = await renewDue(new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000));
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    expect(await tokens(http)).toBe(100);
    expect(new Date((await http.get('/api/membership')).body.membership.currentPeriodEnd).getTime()).toBe(
      renewal.lines.data[0].period.end * 1000,
    );
  });

  it('upgrades now with a prorated invoice and the token difference, once; a declined upgrade changes nothing', async () => {
    const { http, player, subscription } = await subscribe('swamp-blood');
    const upgraded = await http.post('/api/membership/change-tier', { tierId: 'gator-crown' });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.change).toBe('upgrade');
    const item = subscription.items.data[0];
    expect(item.price.lookup_key).toBe('priority-pass-gator-crown-monthly');
    const update = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update.at(-1)?.body).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    const invoice = fake.billing.invoices.get(subscription.latest_invoice!)!;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // Stripe's report of the upgrade invoice is the same purchase
    const reported = await deliverWebhook(server, invoiceEvent('invoice.paid', invoice));
    expect(reported.status).toBe(200);
    expect(await tokens(http)).toBe(200);
    const upgrades = (await monthsOf(player.user.id)).filter((month) => month.billing_reason === 'upgrade');
    expect(upgrades).toEqual([
      { billing_reason: 'upgrade', status: 'completed', product_id: 'gator-crown', tokens_awarded: 100 },
    ]);
    expect((await http.get('/api/membership')).body.membership).toMatchObject({ tierId: 'gator-crown' });

    fake.billing.declineLaterCharges(subscription.id);
    const declined = await http.post('/api/membership/change-tier', { tierId: 'voodoo-experience' });
    expect(declined.status).toBe(409);
    expect(declined.body.message).toBe('Your card was declined. Your tier is unchanged.');
    expect(item.price.lookup_key).toBe('priority-pass-gator-crown-monthly');
    expect((await http.get('/api/membership')).body.membership).toMatchObject({ tierId: 'gator-crown' });
    expect(await tokens(http)).toBe(200);
  });

  it('a downgrade charges nothing now and the next renewal bills the lower tier', async () => {
    const { http, subscription } = await subscribe('swamp-blood');
    const invoicesBefore = fake.billing.invoices.size;
    const down = await http.post('/api/membership/change-tier', { tierId: 'parish-life' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.change).toBe('downgrade');
    expect(fake.billing.invoices.size).toBe(invoicesBefore);
    expect(subscription.items.data[0].price.lookup_key).toBe('priority-pass-parish-life-monthly');
    expect((await http.get('/api/membership')).body.membership).toMatchObject({
      tierId: 'swamp-blood',
      nextCharge: { amount: 40, tierId: 'parish-life' },
    });

    const renewal = fake.billing.renew(subscription.id);
    expect(renewal.amount_paid).toBe(4000);
    await deliverWebhook(server, invoiceEvent('invoice.paid', renewal));
    expect((await http.get('/api/membership')).body.membership).toMatchObject({ tierId: 'parish-life' });
    expect(await tokens(http)).toBe(150);
  });

  it('cancel and resume set cancel_at_period_end at Stripe; a subscription deleted at Stripe ends the membership', async () => {
    const { http, subscription } = await subscribe('bayou-basic');
    expect((await http.post('/api/membership/cancel', {})).status).toBe(200);
    expect(subscription.cancel_at_period_end).toBe(true);
    expect((await http.get('/api/membership')).body.membership).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await http.post('/api/membership/resume', {})).status).toBe(200);
    expect(subscription.cancel_at_period_end).toBe(false);

    subscription.status = 'canceled';
    await deliverWebhook(server, fake.signedEvent('customer.subscription.deleted', subscription));
    expect((await http.get('/api/membership')).body.membership).toMatchObject({ status: 'ended' });
  });

  it('a declined renewal makes the membership past due; paying with another card restores it; unpaid, it ends after the grace', async () => {
    const first = await subscribe('swamp-blood');
    fake.billing.declineLaterCharges(first.subscription.id);
    const declined = fake.billing.renew(first.subscription.id);
    expect(declined.status).toBe('open');
    await deliverWebhook(server, invoiceEvent('invoice.payment_failed', declined));
    const pastDue = (await first.http.get('/api/membership')).body.membership;
    expect(pastDue).toMatchObject({ status: 'past_due' });
    expect(pastDue.graceUntil).not.toBeNull();

    const open = await first.http.post('/api/membership/pay-renewal', {});
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.paymentIntentId).toBe(fake.billing.intentOfInvoice(declined.id).id);
    fake.succeed(open.body.paymentIntentId);
    expect(
      (await first.http.post('/api/complete-purchase', { paymentIntentId: open.body.paymentIntentId })).status,
    ).toBe(200);
    expect((await first.http.get('/api/membership')).body.membership).toMatchObject({
      status: 'active',
      graceUntil: null,
    });
    expect(await tokens(first.http)).toBe(200);

    const second = await subscribe('swamp-blood');
    fake.billing.declineLaterCharges(second.subscription.id);
    await deliverWebhook(server, invoiceEvent('invoice.payment_failed', fake.billing.renew(second.subscription.id)));
    const graceUntil = new Date((await second.http.get('/api/membership')).body.membership.graceUntil);
    await renewDue(new Date(graceUntil.getTime() + 60_000));
    expect((await second.http.get('/api/membership')).body.membership).toMatchObject({ status: 'ended' });
    expect(second.subscription.status).toBe('canceled');
    expect(await tokens(second.http)).toBe(100);
  });

  it('bills a player as one Stripe customer across checkouts, and makes a new one when Stripe no longer has it', async () => {
    const player = await signIn(server);
    const http = client(server.url, player.cookie);
    const open = async (tierId: string) => {
      const started = await http.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'whitelist',
        productId: tierId,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const customer = fake.billing.subscriptionOfIntent(started.body.paymentIntentId)?.customer;
      expect(customer).toMatch(/^cus_/);
      return customer;
    };
    const customersBefore = fake.billing.customers.size;
    const first = await open('swamp-blood');
    // a second checkout, another tier: the same customer, no new one made
    expect(await open('gator-crown')).toBe(first);
    expect(fake.billing.customers.size).toBe(customersBefore + 1);
    expect(fake.billing.customers.get(String(first))?.metadata).toMatchObject({ userId: player.user.id });

    // deleted in the Stripe Dashboard: the checkout still opens, for a new customer kept from then on
    fake.billing.customers.delete(String(first));
    const second = await open('bayou-basic');
    expect(second).not.toBe(first);
    expect(fake.billing.customers.has(String(second))).toBe(true);
    expect(await open('parish-life')).toBe(second);

    // another player is a customer of their own
    const other = client(server.url, (await signIn(server)).cookie);
    const theirs = await other.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    expect(fake.billing.subscriptionOfIntent(theirs.body.paymentIntentId)?.customer).toMatch(/^cus_/);
    expect(fake.billing.subscriptionOfIntent(theirs.body.paymentIntentId)?.customer).not.toBe(second);
  });
});
