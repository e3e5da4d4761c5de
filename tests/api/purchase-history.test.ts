import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const PAID = '4242424242424242';
const DECLINED = '4000000000000002';

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminCookie: string;
let buyer: SignedIn;
const made: Record<'paid' | 'declined' | 'lapsed' | 'open' | 'refunded', string> = {
  paid: '',
  declined: '',
  lapsed: '',
  open: '',
  refunded: '',
};

const sql = (query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute(query, params));

/** a checkout of one product; `card` pays it (4242 succeeds, 0002 is declined) */
async function checkout(item: { productType: string; productId: string; option?: string }, card?: string) {
  const api = client(server.url, buyer.cookie);
  const started = await api.post('/api/create-payment-intent', {
    ...AGREED,
    ...item,
    buyerDiscord: buyer.user.username,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  if (card) {
    await api.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber: card });
    if (card === PAID)
      expect((await api.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
        200,
      );
  }
  return started.body.purchaseId as string;
}

/** A player who paid twice (one refunded since), had a card declined, left one checkout unpaid, and has one open. */
beforeAll(async () => {
  server = await sharedTestServer();
  adminCookie = (await signIn(server, { role: 'admin' })).cookie;
  admin = client(server.url, adminCookie);
  buyer = await signIn(server, { username: `history_${Date.now()}` });
  made.paid = await checkout({ productType: 'gang', productId: 'starter-gang' }, PAID);
  made.refunded = await checkout({ productType: 'whitelist', productId: 'swamp-blood' }, PAID);
  expect(
    (await admin.post(`/api/purchases/${made.refunded}/refund`, { reason: 'Bought the wrong tier.' })).status,
  ).toBe(200);
  made.declined = await checkout({ productType: 'whitelist', productId: 'bayou-basic' }, DECLINED);
  made.lapsed = await checkout({ productType: 'addon', productId: 'custom-tattoos', option: 'upper-body' });
  // opened 20 minutes ago and never paid: the reconciler closes it
  await sql(`update purchases set created_at = now() - interval '20 minutes' where id = ?`, [made.lapsed]);
  const report = await server.system.database.withContext(() =>
    server.system.core.purchases.reconcile.execute({ all: true }),
  );
  expect(report.failed).toContain(made.lapsed);
  made.open = await checkout({ productType: 'gang', productId: 'hood-package' });
});

describe("the player's purchase history", () => {
  it('lists what the player paid, tried to pay, or is paying now; never a checkout left unpaid', async () => {
    const answer = await client(server.url, buyer.cookie).get('/api/user/purchases');
    expect(answer.status).toBe(200);
    const rows = answer.body.purchases.map(
      (p: { purchaseId: string; status: string; failureReason: string | null }) => [
        p.purchaseId,
        p.status,
        p.failureReason,
      ],
    );
    expect(rows).toEqual([
      [made.open, 'awaiting_payment', null],
      [made.declined, 'failed', 'Your card was declined.'],
      [made.refunded, 'refunded', null],
      [made.paid, 'completed', null],
    ]);
    // the checkout closed unpaid is still the player's own to open by its id
    const closed = await client(server.url, buyer.cookie).get(`/api/user/purchases/${made.lapsed}`);
    expect(closed.body.status).toBe('failed');
  });
});

describe("the admin's purchase list and dashboard counts", () => {
  const mine = () => `buyer=${buyer.user.username}`;

  it('counts and lists only purchases, and shows unpaid checkouts when asked', async () => {
    const purchases = await admin.get(`/api/purchases?${mine()}`);
    expect(purchases.status).toBe(200);
    expect(purchases.body.purchases.map((p: { id: string }) => p.id)).toEqual([
      made.open,
      made.declined,
      made.refunded,
      made.paid,
    ]);
    expect(purchases.body).toMatchObject({ count: 4, completed: 1, pending: 1 });
    expect(purchases.body.byStatus).toMatchObject({ failed: 1, refunded: 1, abandoned: 0, awaiting_payment: 1 });

    const every = await admin.get(`/api/purchases?${mine()}&unpaid=1`);
    expect(every.body.purchases.map((p: { id: string }) => p.id)).toEqual([
      made.open,
      made.declined,
      made.refunded,
      made.paid,
      // started 20 minutes before the others
      made.lapsed,
    ]);
    expect(every.body).toMatchObject({ count: 5, byStatus: { failed: 2 } });
    const lapsed = every.body.purchases.find((p: { id: string }) => p.id === made.lapsed);
    expect(lapsed).toMatchObject({ status: 'failed', paymentTried: false });
  });

  it('leaves unpaid checkouts out of the unfiltered dashboard too', async () => {
    const purchases = await admin.get('/api/purchases');
    const every = await admin.get('/api/purchases?unpaid=1');
    expect(every.body.count - purchases.body.count).toBe(1);
    expect(every.body.byStatus.failed - purchases.body.byStatus.failed).toBe(1);
    expect(purchases.body.purchases.map((p: { id: string }) => p.id)).not.toContain(made.lapsed);
  });

  it('refuses an unpaid value it does not take, with a message', async () => {
    const refused = await admin.get('/api/purchases?unpaid=yes');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Show unpaid checkouts takes 1');
    expect((await admin.get('/api/purchases/export.csv?unpaid=yes')).status).toBe(400);
  });

  it("exports a refund's reason in its own column, never as a failure", async () => {
    const response = await fetch(`${server.url}/api/purchases/export.csv?${mine()}&unpaid=1`, {
      headers: { cookie: adminCookie },
    });
    expect(response.status).toBe(200);
    const [header, ...lines] = (await response.text()).trim().split('\r\n');
    const columns = header.split(',');
    const cell = (id: string, column: string) => {
      const line = lines.find((row) => row.startsWith(`${id},`)) ?? '';
      return line.split(',')[columns.indexOf(column)];
    };
    expect(columns).toContain('refundReason');
    expect(cell(made.refunded, 'status')).toBe('refunded');
    expect(cell(made.refunded, 'failureReason')).toBe('');
    expect(cell(made.refunded, 'refundReason')).toBe('Bought the wrong tier.');
    expect(cell(made.declined, 'failureReason')).toBe('Your card was declined.');
    expect(cell(made.declined, 'refundReason')).toBe('');
    expect(cell(made.lapsed, 'paymentAttemptedAt')).toBe('');
    expect(cell(made.paid, 'paymentAttemptedAt')).not.toBe('');
  });
});
