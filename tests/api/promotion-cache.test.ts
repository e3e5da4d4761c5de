import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPostgresReachable } from '../support/databases.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** asked again until the answer comes or a second has passed */
const within1s = { timeout: 1000, interval: 20 };

const reachable = await realPostgresReachable();

describe.each([
  { target: 'pglite' as const, skip: false },
  { target: 'postgres' as const, skip: !reachable },
])('coupons and sales kept in memory ($target)', ({ target, skip }) => {
  let server: TestServer;
  beforeAll(async () => {
    if (!skip) server = await startTestServer({ target });
  });
  afterAll(() => server?.stop());

  it.skipIf(skip)(
    'a coupon disabled and a sale started past this process (another connection, as the CLI makes) apply within a second',
    async () => {
      const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
      const buyer = client(server.url, (await signIn(server)).cookie);
      const quote = async () =>
        (await buyer.get('/api/checkout/quote?productType=gang&productId=hood-package&coupon=kept10')).body;
      expect((await admin.post('/api/coupons', { code: 'KEPT10', percentOff: 10 })).status).toBe(201);
      // read twice: the second answer is the one kept in memory
      expect(await quote()).toMatchObject({ listPrice: 80, total: 72 });
      expect(await quote()).toMatchObject({ listPrice: 80, total: 72 });

      // straight to the tables, as another process would: only the database's triggers tell this process
      await server.system.database.query(
        `insert into "sales" ("id", "name", "percent_off", "product_ids", "product_types", "starts_at", "ends_at", "created_by", "created_at")
         values (gen_random_uuid(), 'Flash', 50, '[]', '["gang"]', now() - interval '1 minute', now() + interval '1 day', null, now())`,
      );
      await expect.poll(async () => (await quote()).total, within1s).toBe(36);
      await server.system.database.query(`update "coupons" set "disabled_at" = now() where "code" = 'KEPT10'`);
      await expect.poll(async () => (await quote()).couponRefusal?.code, within1s).toBe('COUPON_DISABLED');
      const refused = await buyer.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId: 'hood-package',
        couponCode: 'kept10',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('COUPON_DISABLED');
    },
  );
});
