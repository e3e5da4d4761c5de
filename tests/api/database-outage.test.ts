import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import {
  createTestDatabase,
  realPostgresReachable,
  REAL_POSTGRES_URL,
  type TestDatabase,
} from '../support/databases.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const reachable = await realPostgresReachable();
if (!reachable)
  console.warn(`Database outage tests skipped: the real Postgres at ${REAL_POSTGRES_URL} does not answer.`);

describe.skipIf(!reachable)('a database outage behind a proxy the test controls', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let direct: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    const real = new URL(database.url!);
    proxy = await new TcpProxy({ host: real.hostname, port: Number(real.port || 5432) }).start();
    const proxied = new URL(database.url!);
    proxied.host = `127.0.0.1:${proxy.port}`;
    server = await startTestServer({ env: { DATABASE_URL: proxied.toString() } });
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.cut();
    await direct?.end();
    await database?.drop();
  });

  /** A buyer whose card went through for `count` purchases that are not completed yet. */
  async function paidButNotCompleted(buyer: SignedIn, count: number): Promise<string[]> {
    const api = client(server.url, buyer.cookie);
    const intents: string[] = [];
    for (let i = 0; i < count; i++) {
      const started = await api.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'unban',
        productId: 'discord-unban',
        banReason: 'Banned for RDM at the docks last week.',
      });
      expect(started.status).toBe(200);
      const paid = await api.post('/api/payments/demo/confirm', {
        clientSecret: started.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      });
      expect(paid.body.paymentIntent.status).toBe('succeeded');
      intents.push(started.body.paymentIntentId);
    }
    return intents;
  }

  const timed = async (send: () => Promise<Response>) => {
    const started = performance.now();
    const response = await send();
    return { status: response.status, ms: performance.now() - started };
  };

  it('answers 503 within 2 s while cut, comes back within 10 s of restoring, and leaves nothing half-written', async () => {
    const buyers = await Promise.all([signIn(server), signIn(server), signIn(server)]);
    const pending = await Promise.all(buyers.map((buyer) => paidButNotCompleted(buyer, 3)));

    // writes in flight at the moment the database goes away: cut once the first of them has reached the database
    const sentBefore = proxy.bytesToTarget;
    const inFlight = buyers.flatMap((buyer, index) => [
      ...pending[index].map((paymentIntentId) =>
        client(server.url, buyer.cookie).post('/api/complete-purchase', { paymentIntentId }),
      ),
      client(server.url, buyer.cookie).post('/api/applications', whitelistAnswers()),
    ]);
    await expect.poll(() => proxy.bytesToTarget, { interval: 1 }).toBeGreaterThan(sentBefore);
    await proxy.cut();
    const during = await Promise.all(inFlight);
    for (const answer of during) expect([200, 201, 503]).toContain(answer.status);

    const cookie = buyers[0].cookie;
    const json = { 'content-type': 'application/json', cookie };
    const needsDatabase: Array<[string, () => Promise<Response>]> = [
      ['health', () => fetch(`${server.url}/api/health`)],
      ['signed-in read', () => fetch(`${server.url}/api/auth/user`, { headers: { cookie } })],
      ['my applications', () => fetch(`${server.url}/api/applications/mine`, { headers: { cookie } })],
      ['token history', () => fetch(`${server.url}/api/user/tokens/history`, { headers: { cookie } })],
      [
        'sign-in',
        () =>
          fetch(`${server.url}/api/auth/dev-login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'Outage', discordId: '555555555555555555' }),
          }),
      ],
      [
        'submit',
        () =>
          fetch(`${server.url}/api/applications`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify(whitelistAnswers()),
          }),
      ],
      ['recent purchases', () => fetch(`${server.url}/api/purchases/recent`)],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [what, send] of needsDatabase) {
        const { status, ms } = await timed(send);
        expect(status, what).toBe(503);
        expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(2000);
      }
    }
    // what needs no database keeps working
    expect((await fetch(`${server.url}/api/catalogue`)).status).toBe(200);

    await proxy.restore();
    const restoredAt = performance.now();
    while ((await fetch(`${server.url}/api/health`)).status !== 200) {
      expect(performance.now() - restoredAt, 'health back within 10 s').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    const again = await client(server.url, buyers[1].cookie).post('/api/staff-applications', staffAnswers());
    expect(again.status).toBe(201);
    // a purchase that was paid for completes now, once
    for (const [index, buyer] of buyers.entries()) {
      for (const paymentIntentId of pending[index]) {
        const completed = await client(server.url, buyer.cookie).post('/api/complete-purchase', { paymentIntentId });
        expect(completed.status).toBe(200);
      }
    }

    // nothing half-written: each balance is its ledger, and each completed purchase credited exactly once
    const balances = await direct.query<{
      id: string;
      tokens: number;
      ledger: number;
      credited: number;
      completed: number;
      entries: number;
    }>(
      `
      select u.id, u.tokens,
        coalesce((select sum(delta) from token_ledger l where l.user_id = u.id), 0)::int as ledger,
        coalesce((select sum(tokens_awarded) from purchases p where p.user_id = u.id and p.status = 'completed'), 0)::int as credited,
        (select count(*) from purchases p where p.user_id = u.id and p.status = 'completed')::int as completed,
        (select count(*) from token_ledger l where l.user_id = u.id)::int as entries
      from users u where u.id = any($1)`,
      [buyers.map((buyer) => buyer.user.id)],
    );
    expect(balances.rows).toHaveLength(3);
    for (const row of balances.rows) {
      expect(row.completed).toBe(3);
      expect(row.tokens).toBe(row.ledger);
      expect(row.tokens).toBe(row.credited);
      expect(row.entries).toBe(3);
    }
  }, 60_000);
});
