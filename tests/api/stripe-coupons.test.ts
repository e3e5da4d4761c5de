import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

let server: TestServer;
let fake: FakeStripe;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, stop } = await startStripeTestServer());
});
afterAll(() => stop?.());

const months = (userId: string) =>
  server.system.database.withContext(() =>
    server.system.database.em
      .getConnection()
      .execute<Array<{ billing_reason: string; status: string; price_cents: number; amount_paid_cents: number }>>(
        `select billing_reason, status, price_cents, amount_paid_cents from purchases where user_id = ? order by period_start`,
        [userId],
      ),
  );

/** buys a tier with a coupon as the card form would, then Stripe bills two more months */
async function subscribeAndRenewTwice(tierId: string, couponCode: string) {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: tierId,
    couponCode,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const subscription = fake.billing.subscriptionOfIntent(started.body.paymentIntentId);
  if (!subscription) throw new Error('no subscription was opened');
  fake.succeed(started.body.paymentIntentId);
  expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
    200,
  );
  for (let month = 0; month < 2; month++) {
    const renewal = fake.billing.renew(subscription.id);
    expect((await deliverWebhook(server, fake.signedEvent('invoice.paid', renewal))).status).toBe(200);
  }
  return { player, started: started.body, subscription };
}

describe('coupons on Priority Pass subscriptions through Stripe', () => {
  it('a coupon for 2 months: a repeating Stripe coupon, two discounted charges, then the full price', async () => {
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    expect(
      (await admin.post('/api/coupons', { code: 'PASS2', percentOff: 25, productTypes: ['whitelist'], months: 2 }))
        .status,
    ).toBe(201);
    const { player, started } = await subscribeAndRenewTwice('swamp-blood', 'pass2');
    expect(started).toMatchObject({ amount: 45, listPrice: 60, couponCode: 'PASS2' });
    const coupons = [...fake.billing.coupons.values()];
    expect(coupons).toEqual([
      expect.objectContaining({
        amount_off: 1500,
        currency: 'usd',
        duration: 'repeating',
        duration_in_months: 2,
        name: 'PASS2',
      }),
    ]);
    expect(await months(player.user.id)).toEqual([
      { billing_reason: 'start', status: 'completed', price_cents: 4500, amount_paid_cents: 4500 },
      { billing_reason: 'renewal', status: 'completed', price_cents: 4500, amount_paid_cents: 4500 },
      { billing_reason: 'renewal', status: 'completed', price_cents: 6000, amount_paid_cents: 6000 },
    ]);
  });

  it('a sale and a coupon for every month: the first invoice is the site price to the cent, the later ones less the coupon', async () => {
    const { database, core } = server.system;
    await database.withContext(async () => {
      await core.promotions.createSale.execute({
        name: 'Pass week',
        percentOff: 10,
        productTypes: ['whitelist'],
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 86_400_000),
        createdBy: null,
      });
      await core.promotions.createCoupon.execute({
        code: 'ALWAYS5',
        amountOffCents: 500,
        months: null,
        createdBy: null,
      });
    });
    const { player, started } = await subscribeAndRenewTwice('swamp-blood', 'always5');
    expect(started).toMatchObject({ amount: 49, listPrice: 60 });
    expect(
      (await months(player.user.id)).map((month) => [month.status, month.price_cents, month.amount_paid_cents]),
    ).toEqual([
      ['completed', 4900, 4900],
      ['completed', 5500, 5500],
      ['completed', 5500, 5500],
    ]);
  });
});
