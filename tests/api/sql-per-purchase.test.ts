import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/**
 * SQL statements per purchase, counted where they leave for the database (every statement of the site goes out
 * through node-postgres' Client.query: the ORM's, the plain ones, BEGIN, COMMIT and savepoints), leaving out the
 * change feed's poll and the delivery worker's claim, which run on their own timers. Measured on the code before the
 * coupon and payment rules each got one place (the recorded baseline): a coupon checkout sent 18 statements, a Stripe
 * completion webhook 23. Both are recorded in bench/results.md ("SQL statements per purchase").
 */
const BEFORE = { couponCheckout: 18, stripeCompletion: 23 };
/**
 * what the timers send, whenever they fire: the change feed's poll, and the delivery worker's claim of due deliveries
 * (its first pass at start can come late on a busy machine, in the middle of a request)
 */
const POLLS = [
  'from "cache_invalidations"',
  `update "deliveries" set "status" = 'sending'`,
  // and the mail worker's claim of due emails
  `update "emails" set "status" = 'sending'`,
  // and the webhook worker's claim of due messages
  `update "webhook_messages" set "status" = 'sending'`,
];

let server: TestServer;
let fake: FakeStripe;
let stop: () => Promise<void>;
let sent: string[] | null = null;
const query = pg.Client.prototype.query;

beforeAll(async () => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [statement] = args as [string | { text: string }];
    const text = typeof statement === 'string' ? statement : statement.text;
    if (!POLLS.some((poll) => text.includes(poll))) sent?.push(text);
    return (query as (...all: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  // no poller runs meanwhile: only the request's own statements are counted
  ({ server, fake, stop } = await startStripeTestServer({
    env: {
      MEMBERSHIP_RENEWAL_POLL_MS: '3600000',
      DELIVERY_POLL_MS: '3600000',
      FIVEM_STATUS_POLL_MS: '3600000',
      PURCHASE_RECONCILE_POLL_MS: '3600000',
    },
  }));
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await stop?.();
});

/** the statements the work sends */
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  sent = [];
  try {
    await work();
    return sent;
  } finally {
    sent = null;
  }
}

describe('SQL statements per purchase', () => {
  it('a coupon checkout reads its coupon once and counts its uses once; a Stripe completion sends half the statements it did', async () => {
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    expect(
      (await admin.post('/api/coupons', { code: 'COUNTED', percentOff: 10, maxUses: 50, perPlayer: 2 })).status,
    ).toBe(201);
    // the coupon's row change reaches this process again through the change feed a moment later (its trigger's line):
    // heard before the first checkout, it does not drop the coupon that checkout caches
    await new Promise<void>((heard) => {
      const timeout = setTimeout(done, 2_000);
      const stop = server.system.database.onChange((key) => key === 'table:coupons' && done());
      function done() {
        clearTimeout(timeout);
        stop();
        heard();
      }
    });
    const checkoutBy = async () => {
      const buyer = client(server.url, (await signIn(server)).cookie);
      // the session is read and kept on the first request: the purchase's own count starts after it
      expect((await buyer.get('/api/user/tokens')).status).toBe(200);
      let intentId = '';
      const statements = await statementsOf(async () => {
        const started = await buyer.post('/api/create-payment-intent', {
          ...AGREED,
          productType: 'gang',
          productId: 'hood-package',
          couponCode: 'counted',
        });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        expect(started.body).toMatchObject({ couponCode: 'COUNTED', amount: 72 });
        intentId = started.body.paymentIntentId;
      });
      return { buyer, intentId, statements };
    };
    // the first checkout after the coupon was made reads it and the sales; every later one finds them in memory, as
    // the 30 buyers of a launch evening do
    const first = await checkoutBy();
    const { buyer, intentId, statements: checkout } = await checkoutBy();

    const event = fake.signedEvent('payment_intent.succeeded', fake.succeed(intentId));
    const completion = await statementsOf(async () => {
      const response = await deliverWebhook(server, event);
      expect(await response.json()).toEqual({ received: true, applied: true });
    });
    expect((await buyer.get('/api/user/tokens')).body.tokens).toBe(80);

    console.info(
      `SQL statements: coupon checkout ${checkout.length} (the first after the coupon was made ${first.statements.length}; before ${BEFORE.couponCheckout}), Stripe completion ${completion.length} (before ${BEFORE.stripeCompletion})\n--- checkout\n${checkout.join('\n')}\n--- completion\n${completion.join('\n')}`,
    );
    // the coupon read once (by the first checkout; the later ones find it in memory) and its uses counted once (under
    // the coupon's lock), where it was read 3 times and counted twice
    expect(first.statements.filter((sql) => sql.startsWith('select * from "coupons"'))).toHaveLength(1);
    expect(checkout.filter((sql) => sql.startsWith('select * from "coupons"'))).toHaveLength(0);
    for (const statements of [first.statements, checkout])
      expect(statements.filter((sql) => sql.includes('from "coupon_redemptions"'))).toHaveLength(1);
    // one transaction stores the purchase and keeps the coupon's use: the buyer's lock, then one statement reads the
    // open checkouts and stores the purchase with its history line, then the coupon's lock, count and use; besides
    // it, the ban and the intent recorded after the provider answers
    expect(checkout.filter((sql) => sql.startsWith('BEGIN'))).toHaveLength(1);
    expect(checkout.length).toBeLessThanOrEqual(BEFORE.couponCheckout / 2);
    // the sales, the coupon and the store's bans read once more; the later checkouts ask none of them
    expect(first.statements.length).toBeLessThanOrEqual(checkout.length + 3);
    expect(checkout.filter((sql) => sql.includes('from "store_bans"'))).toHaveLength(0);
    // the purchase read once, under its lock (taken with its buyer's, in one statement), and no savepoint
    expect(completion.filter((sql) => /^select (\* |"p0"\.\* )from "purchases"/.test(sql))).toHaveLength(0);
    expect(completion.filter((sql) => sql.includes('for no key update of "p"'))).toHaveLength(1);
    expect(completion.filter((sql) => /^savepoint/i.test(sql))).toHaveLength(0);
    // the buyer's Discord id came with their session: their first delivery reads none
    expect(completion.filter((sql) => sql.includes('select "discord_id" from "users"'))).toHaveLength(0);
    expect(completion.length).toBeLessThanOrEqual(BEFORE.stripeCompletion / 2);
    // no webhook endpoint is registered: the completion asks nothing of their tables (they are held in memory)
    expect(completion.filter((sql) => sql.includes('"webhook_'))).toEqual([]);
  });

  it("a checkout without a coupon takes its buyer's lock and stores the purchase in one message, no transaction around it", async () => {
    const buyer = client(server.url, (await signIn(server)).cookie);
    expect((await buyer.get('/api/user/tokens')).status).toBe(200);
    const checkout = await statementsOf(async () => {
      const started = await buyer.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId: 'starter-gang',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
    });
    console.info(`SQL statements: checkout without a coupon ${checkout.length}\n${checkout.join('\n')}`);
    expect(checkout.filter((sql) => /^(begin|commit)/i.test(sql))).toEqual([]);
    const claims = checkout.filter((sql) => sql.includes('insert into "purchases"'));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatch(/^select 1 from "users" where "id" = '[^']+' for no key update;\s+with "open"/);
    // and the purchase is there, open, for the buyer to pay
    const mine = await buyer.get('/api/user/purchases');
    expect(
      mine.body.purchases.map((p: { productId: string; status: string }) => [p.productId, p.status]),
    ).toContainEqual(['starter-gang', 'awaiting_payment']);
  });
});
