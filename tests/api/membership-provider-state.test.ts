import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../support/databases.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/**
 * Stripe re-sends failed deliveries for days, so its events arrive in any order. Whatever the order, the
 * membership ends matching the subscription as Stripe has it.
 */
const DAY = 86_400_000;
let server: TestServer;
let fake: FakeStripe;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, stop } = await startStripeTestServer());
});
afterAll(() => stop?.());

const inContext = <T>(work: () => Promise<T>) => server.system.database.withContext(work);
const renewDue = (now: Date) => inContext(() => server.system.core.memberships.renewDue.execute({ now }));
const membershipOf = async (userId: string) =>
  (
    await inContext(() =>
      server.system.database.em
        .getConnection()
        .execute<Array<{ status: string; cancel_at_period_end: boolean; tier_id: string; current_period_end: Date }>>(
          `select status, cancel_at_period_end, tier_id, current_period_end from memberships where user_id = ? order by created_at desc limit 1`,
          [userId],
        ),
    )
  )[0];
/** a player's renewals or upgrades as stored, oldest first */
const billedMonths = (userId: string, reason: 'renewal' | 'upgrade') =>
  inContext(() =>
    server.system.database.em
      .getConnection()
      .execute<Array<{ status: string; product_id: string; amount_paid_cents: number | null }>>(
        `select status, product_id, amount_paid_cents from purchases where user_id = ? and billing_reason = ? order by created_at`,
        [userId, reason],
      ),
  );
const tokens = async (http: ReturnType<typeof client>) => (await http.get('/api/user/tokens')).body.tokens as number;
const deliver = async (event: { body: string; signature: string }) =>
  expect((await deliverWebhook(server, event)).status).toBe(200);
const deliverAll = async (events: Array<{ body: string; signature: string }>) => {
  for (const event of events) await deliver(event);
};
/** a subscription event as Stripe would send it now: the object as it is at this moment */
const subscriptionEvent = (type: string, subscriptionId: string) =>
  fake.signedEvent(type, structuredClone(fake.billing.subscriptions.get(subscriptionId)));

/** a player buys a tier with the card form: Stripe.js pays the first invoice, the page reports back */
async function subscribe(tierId = 'swamp-blood', report = true) {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: tierId,
  });
  expect(started.status).toBe(200);
  const subscription = fake.billing.subscriptionOfIntent(started.body.paymentIntentId)!;
  fake.succeed(started.body.paymentIntentId);
  if (report)
    expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
      200,
    );
  return { player, http, subscription, userId: player.user.id };
}

describe.each([
  ['paid first, the older failure second', true],
  ['the failure first, then the retry paid', false],
])('a declined renewal paid on the retry (%s)', (_, paidFirst) => {
  it('ends active, in the month paid for, with its tokens granted once', async () => {
    const { http, subscription, userId } = await subscribe();
    const before = await tokens(http);
    fake.billing.declineLaterCharges(subscription.id);
    const invoice = fake.billing.renew(subscription.id);
    const failed = fake.signedEvent('invoice.payment_failed', structuredClone(invoice));
    // Stripe's retry with a working card
    fake.billing.declineLaterCharges(subscription.id, false);
    fake.succeed(fake.billing.intentOfInvoice(invoice.id).id);
    const paid = fake.signedEvent('invoice.paid', structuredClone(invoice));
    await deliverAll(paidFirst ? [paid, failed] : [failed, paid]);
    const membership = await membershipOf(userId);
    expect(membership.status).toBe('active');
    expect(new Date(membership.current_period_end).getTime()).toBe(invoice.lines.data[0].period.end * 1000);
    expect(await tokens(http)).toBe(before + 100);
    // and the scheduler days later finds nothing to end
    await renewDue(new Date(Date.now() + 5 * DAY));
    expect((await membershipOf(userId)).status).toBe('active');
  });
});

describe('cancel and resume delivered out of order', () => {
  it.each([
    ['resumed last at Stripe, events reversed', ['cancel', 'resume'], [1, 0], false],
    ['resumed last at Stripe, events in order', ['cancel', 'resume'], [0, 1], false],
    ['canceled last at Stripe, events reversed', ['resume', 'cancel'], [1, 0], true],
    ['canceled last at Stripe, events in order', ['resume', 'cancel'], [0, 1], true],
  ] as const)('%s: the pass follows Stripe', async (_, actions, order, canceledAtStripe) => {
    const { http, subscription, userId } = await subscribe();
    const events: Array<{ body: string; signature: string }> = [];
    for (const action of actions) {
      if (action === 'resume' && !(await membershipOf(userId)).cancel_at_period_end)
        expect((await http.post('/api/membership/cancel', {})).status).toBe(200);
      expect((await http.post(`/api/membership/${action}`, {})).status).toBe(200);
      events.push(subscriptionEvent('customer.subscription.updated', subscription.id));
    }
    expect(fake.billing.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(canceledAtStripe);
    await deliverAll(order.map((index) => events[index]));
    expect((await membershipOf(userId)).cancel_at_period_end).toBe(canceledAtStripe);
  });
});

describe.each([
  ['deleted, then the first invoice paid', true],
  ['the first invoice paid, then deleted', false],
])('a subscription canceled at Stripe around its first payment (%s)', (_, deletedFirst) => {
  it('ends the pass: a canceled subscription never leaves an active membership', async () => {
    const { subscription, userId } = await subscribe('swamp-blood', false);
    const firstInvoice = fake.billing.invoices.get(subscription.latest_invoice!)!;
    fake.billing.subscriptions.get(subscription.id)!.status = 'canceled';
    const deleted = subscriptionEvent('customer.subscription.deleted', subscription.id);
    const paid = fake.signedEvent('invoice.paid', structuredClone(firstInvoice));
    await deliverAll(deletedFirst ? [deleted, paid] : [paid, deleted]);
    expect((await membershipOf(userId)).status).toBe('ended');
  });
});

describe.each([
  ['deleted first', true],
  ['updated first', false],
])('an update and a deletion (%s)', (_, deletedFirst) => {
  it('ends the pass', async () => {
    const { subscription, userId } = await subscribe();
    const stripeSide = fake.billing.subscriptions.get(subscription.id)!;
    stripeSide.cancel_at_period_end = true;
    const updated = subscriptionEvent('customer.subscription.updated', subscription.id);
    stripeSide.status = 'canceled';
    const deleted = subscriptionEvent('customer.subscription.deleted', subscription.id);
    await deliverAll(deletedFirst ? [deleted, updated] : [updated, deleted]);
    expect((await membershipOf(userId)).status).toBe('ended');
  });
});

describe('the scheduler asks Stripe', () => {
  it('ends a pass whose subscription Stripe no longer has, with no webhook at all', async () => {
    const { subscription, userId } = await subscribe();
    fake.billing.subscriptions.get(subscription.id)!.status = 'canceled';
    const report = await renewDue(new Date());
    expect(report.asked).toBeGreaterThanOrEqual(1);
    expect((await membershipOf(userId)).status).toBe('ended');
    // asked once a day: a second run the same day asks nobody again about it
    const again = await renewDue(new Date());
    expect(again.ended).toBe(0);
  });

  it('does not end at the period end a pass Stripe still renews, and takes over the resume it missed', async () => {
    const { http, subscription, userId } = await subscribe();
    expect((await http.post('/api/membership/cancel', {})).status).toBe(200);
    // resumed from Stripe's own dashboard; the webhook never came
    fake.billing.subscriptions.get(subscription.id)!.cancel_at_period_end = false;
    const end = new Date((await membershipOf(userId)).current_period_end);
    await renewDue(new Date(end.getTime() + 60_000));
    expect(await membershipOf(userId)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(fake.billing.subscriptions.get(subscription.id)?.status).not.toBe('canceled');
  });

  it("at the grace's end records the renewal Stripe's retry paid, whose webhook was lost, and cancels nothing", async () => {
    const { http, subscription, userId } = await subscribe();
    const before = await tokens(http);
    fake.billing.declineLaterCharges(subscription.id);
    const invoice = fake.billing.renew(subscription.id);
    await deliver(fake.signedEvent('invoice.payment_failed', structuredClone(invoice)));
    const pastDue = (await http.get('/api/membership')).body.membership;
    expect(pastDue.status).toBe('past_due');
    // Stripe's retry with a working card pays the month; its invoice.paid never arrives
    fake.billing.declineLaterCharges(subscription.id, false);
    fake.succeed(fake.billing.intentOfInvoice(invoice.id).id);
    const graceOver = new Date(new Date(pastDue.graceUntil).getTime() + 60_000);
    const report = await renewDue(graceOver);
    expect(report).toMatchObject({ renewed: 1, ended: 0 });
    const membership = await membershipOf(userId);
    expect(membership.status).toBe('active');
    expect(new Date(membership.current_period_end).getTime()).toBe(invoice.lines.data[0].period.end * 1000);
    expect(fake.billing.subscriptions.get(subscription.id)?.status).not.toBe('canceled');
    // the month is granted once, whoever reports it next
    await renewDue(graceOver);
    await deliver(fake.signedEvent('invoice.paid', structuredClone(invoice)));
    expect(await tokens(http)).toBe(before + 100);
  });

  it('ends at the period end a pass canceled on both sides, and Stripe charges nothing more', async () => {
    const { http, subscription, userId } = await subscribe();
    expect((await http.post('/api/membership/cancel', {})).status).toBe(200);
    const end = new Date((await membershipOf(userId)).current_period_end);
    await renewDue(new Date(end.getTime() + 60_000));
    expect((await membershipOf(userId)).status).toBe('ended');
    expect(fake.billing.subscriptions.get(subscription.id)?.status).toBe('canceled');
  });
});

describe('invoice contents are checked against what the site sold', () => {
  it('a renewal invoice paying 100 cents and naming the top tier is held; a second one for the month grants nothing', async () => {
    const { http, subscription, userId } = await subscribe('bayou-basic');
    const before = await tokens(http);
    const invoice = fake.billing.renew(subscription.id);
    const forged = structuredClone(invoice);
    forged.amount_paid = 100;
    forged.parent.subscription_details.metadata = {
      ...forged.parent.subscription_details.metadata,
      tierId: 'gator-crown',
    };
    await deliver(fake.signedEvent('invoice.paid', forged));
    expect(await membershipOf(userId)).toMatchObject({ tier_id: 'bayou-basic' });
    expect(await tokens(http)).toBe(before);
    const other = structuredClone(invoice);
    other.parent.subscription_details.metadata = {
      ...other.parent.subscription_details.metadata,
      tierId: 'parish-life',
    };
    await deliver(fake.signedEvent('invoice.paid', other));
    expect(await tokens(http)).toBe(before);
    const months = await inContext(() =>
      server.system.database.em
        .getConnection()
        .execute<Array<{ status: string; amount_paid_cents: number }>>(
          `select status, amount_paid_cents from purchases where user_id = ? and billing_reason = 'renewal'`,
          [userId],
        ),
    );
    expect(months).toEqual([{ status: 'underpaid', amount_paid_cents: 100 }]);
  });

  it('a full-price renewal invoice naming another tier than the one sold for the month is held', async () => {
    const { http, subscription, userId } = await subscribe('bayou-basic');
    const before = await tokens(http);
    const invoice = structuredClone(fake.billing.renew(subscription.id));
    expect(invoice.amount_paid).toBe(2000);
    invoice.parent.subscription_details.metadata = {
      ...invoice.parent.subscription_details.metadata,
      tierId: 'parish-life',
    };
    await deliver(fake.signedEvent('invoice.paid', invoice));
    expect(await membershipOf(userId)).toMatchObject({ tier_id: 'bayou-basic' });
    expect(await tokens(http)).toBe(before);
    expect(await billedMonths(userId, 'renewal')).toEqual([
      { status: 'underpaid', product_id: 'bayou-basic', amount_paid_cents: 2000 },
    ]);
  });

  it('an upgrade invoice of 1 cent naming the top tier, for a change the site never started, is held', async () => {
    const { http, subscription, userId } = await subscribe('bayou-basic');
    const before = await tokens(http);
    const first = fake.billing.invoices.get(subscription.latest_invoice!)!;
    const period = first.lines.data[0].period;
    const now = Math.floor(Date.now() / 1000);
    const forged = {
      ...structuredClone(first),
      id: `in_forged_${now}`,
      billing_reason: 'subscription_update',
      amount_due: 1,
      amount_paid: 1,
      lines: { object: 'list', data: [{ id: 'il_forged', amount: 1, period: { start: now, end: period.end } }] },
      // no payment of Stripe's pays it
      confirmation_secret: null,
    };
    forged.parent.subscription_details.metadata = {
      ...forged.parent.subscription_details.metadata,
      tierId: 'gator-crown',
    };
    await deliver(fake.signedEvent('invoice.paid', forged));
    expect(await membershipOf(userId)).toMatchObject({ status: 'active', tier_id: 'bayou-basic' });
    expect(await tokens(http)).toBe(before);
    expect(await billedMonths(userId, 'upgrade')).toEqual([
      { status: 'underpaid', product_id: 'gator-crown', amount_paid_cents: 1 },
    ]);
    // held for staff, as an underpaid month is
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const held = await admin.get(`/api/purchases?status=underpaid&limit=100`);
    expect(held.status).toBe(200);
    const row = (held.body.purchases as Array<{ id: string; userId: string }>).find((held) => held.userId === userId);
    expect(row).toMatchObject({ productName: 'Gator Crown', status: 'underpaid', amountPaid: 0.01 });
    const detail = await admin.get(`/api/purchases/${row?.id}`);
    expect(detail.body.purchase.failureReason).toContain('did not start');
  });

  it('a first-month invoice of 50 cents does not complete a $100 checkout', async () => {
    const { subscription, userId, http } = await subscribe('gator-crown', false);
    const first = structuredClone(fake.billing.invoices.get(subscription.latest_invoice!)!);
    first.amount_paid = 50;
    await deliver(fake.signedEvent('invoice.paid', first));
    expect(await membershipOf(userId)).toBeUndefined();
    expect(await tokens(http)).toBe(0);
    const firstMonth = await inContext(() =>
      server.system.database.em
        .getConnection()
        .execute<Array<{ status: string; amount_paid_cents: number }>>(
          `select status, amount_paid_cents from purchases where user_id = ? and billing_reason = 'start'`,
          [userId],
        ),
    );
    expect(firstMonth).toEqual([{ status: 'underpaid', amount_paid_cents: 50 }]);
  });
});

describe('control characters in query strings', () => {
  it('answer 400 with a clear message on every kind of route, and leave no SQL in the log', async () => {
    const admin = await signIn(server, { role: 'admin' });
    for (const path of [
      '/api/players?q=%00',
      '/api/purchases?buyer=%00',
      '/api/purchases/export.csv?buyer=%00',
      '/api/catalogue?x=%01',
      '/api/applications?status=%7F',
      '/api/purchases?buyer=a%0Ab',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: admin.cookie } });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('control character');
    }
  });
});

describe.each(databaseTargets())('renewals raced against tier changes on %s', (target) => {
  let site: TestServer;
  // the server starts in its hook, so the race's time is the race's own: under a whole run's load on the embedded
  // database, the start alone took most of a test's 30 s
  beforeAll(async () => {
    site = await startTestServer({ target });
  });
  afterAll(() => site?.stop());

  it('20 renewals at once while the member switches tier: one charge and one grant for the month', async () => {
    const buyer = await signIn(site);
    const { http } = await buyWithDemoCard(site.url, buyer, { productType: 'whitelist', productId: 'swamp-blood' });
    const first = await tokens(http);
    const core = site.system.core;
    const run = <T>(work: () => Promise<T>) => site.system.database.withContext(work);
    const membership = (await http.get('/api/membership')).body.membership;
    const now = new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000);
    let switching = true;
    const switcher = (async () => {
      for (let i = 0; switching && i < 200; i++) {
        await run(() =>
          core.memberships.changeTier.execute(buyer.user.id, i % 2 ? 'swamp-blood' : 'bayou-basic'),
        ).catch(() => {});
      }
    })();
    await Promise.all(Array.from({ length: 20 }, () => run(() => core.memberships.renewDue.execute({ now }))));
    switching = false;
    await switcher;
    const renewals = await run(() =>
      site.system.database.em
        .getConnection()
        .execute<Array<{ status: string; period_start: Date; price_cents: number }>>(
          `select status, period_start, price_cents from purchases where user_id = ? and billing_reason = 'renewal'`,
          [buyer.user.id],
        ),
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0].status).toBe('completed');
    const credited = await tokens(http);
    expect([first + 25, first + 100]).toContain(credited);
    // 20 renewals and up to 200 tier changes through the embedded database's one connection, on a loaded machine
  }, 60_000);
});
