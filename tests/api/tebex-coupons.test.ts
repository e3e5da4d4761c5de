import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ({ server, fake, stop } = await startTebexTestServer());
  expect((await runCliOn(server.system, ['tebex', 'sync'])).code).toBe(0);
  const { database, core } = server.system;
  await database.withContext(async () => {
    await core.promotions.createCoupon.execute({
      code: 'GANG10',
      amountOffCents: 800,
      productTypes: ['gang'],
      createdBy: null,
    });
    await core.promotions.createCoupon.execute({ code: 'SITEONLY', percentOff: 5, createdBy: null });
  });
  // the webstore has the same code, taking the same off
  fake.coupons.set('GANG10', 8);
});
afterAll(() => stop?.());

const row = async (userId: string) =>
  server.system.database.withContext(() =>
    server.system.database.em
      .getConnection()
      .execute<
        Array<{ status: string; price_cents: number; amount_paid_cents: number | null; tokens_awarded: number }>
      >(`select status, price_cents, amount_paid_cents, tokens_awarded from purchases where user_id = ?`, [userId]),
  );

/** a signed-in buyer's checkout of a gang package with a coupon code */
const checkout = (api: ReturnType<typeof client>, productId: string, couponCode: string) =>
  api.post('/api/create-payment-intent', { ...AGREED, productType: 'gang', productId, couponCode });

describe('coupon codes with Tebex', () => {
  it("passes the code to Tebex's basket; the payment Tebex reports completes the discounted purchase, tokens unchanged", async () => {
    const signed = await signIn(server);
    const api = client(server.url, signed.cookie);
    const started = await checkout(api, 'hood-package', 'gang10');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ amount: 72, listPrice: 80, couponCode: 'GANG10' });
    const ident = started.body.paymentIntentId as string;
    expect(fake.basket(ident).coupons).toEqual([{ code: 'GANG10', off: 8 }]);
    // sign in at Tebex and back: the package goes in the basket at Tebex's (the catalogue's) price
    const follow = () => fetch(started.body.redirectUrl, { headers: { cookie: signed.cookie }, redirect: 'manual' });
    await follow();
    fake.signIn(ident);
    expect((await follow()).headers.get('location')).toBe(`${fake.url}/checkout/${ident}`);
    // opening the checkout again keeps the same basket at the site's price
    const again = await checkout(api, 'hood-package', 'GANG10');
    expect(again.body).toMatchObject({ paymentIntentId: ident, amount: 72 });
    await fake.pay(ident);
    expect(await row(signed.user.id)).toEqual([
      { status: 'completed', price_cents: 7200, amount_paid_cents: 7200, tokens_awarded: 80 },
    ]);
  });

  it('a code Tebex refuses is refused at checkout with what Tebex said, and nothing is kept', async () => {
    const signed = await signIn(server);
    const api = client(server.url, signed.cookie);
    const refused = await checkout(api, 'starter-gang', 'siteonly');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COUPON_REFUSED_BY_TEBEX');
    expect(refused.body.message).toContain('Tebex refused the coupon code SITEONLY');
    expect(await row(signed.user.id)).toEqual([]);
  });
});
