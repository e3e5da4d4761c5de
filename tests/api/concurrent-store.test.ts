import { afterAll, describe, expect, it } from 'vitest';
import { verifyDatabase } from '../../adapters/persistence/database-verify.ts';
import { databaseTargets } from '../support/databases.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { createLogger } from '../../adapters/logger.ts';
import { AGREED } from '../support/checkout-terms.ts';

const CARD = '4242424242424242';
const HOUR = 3_600_000;

/** a buyer's whole checkout with the demo card: start, pay, complete; each answer's status */
async function checkout(http: ReturnType<typeof client>, productType: string, productId: string) {
  const started = await http.post('/api/create-payment-intent', { ...AGREED, productType, productId });
  if (started.status !== 200) return [started.status, started.body.code];
  const paid = await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: CARD,
  });
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  return [started.status, paid.status, completed.status];
}

// on Postgres, as production runs (CI sets DATABASE_URL): the embedded PGlite runs one statement at a time, so
// 30 buyers at once there wait on it rather than on each other's locks
describe.skipIf(!databaseTargets().includes('postgres'))('a launch-day rush on Postgres', () => {
  const target = 'postgres';
  let server: TestServer;
  afterAll(() => server?.stop());

  it('30 players checking out at once and a renewal racing a checkout of the same player: no error, no deadlock, the right counts', async () => {
    server = await startTestServer({ target, logger: createLogger('silent') });
    const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
      server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const players = await Promise.all(
      Array.from({ length: 30 }, async () => client(server.url, (await signIn(server)).cookie)),
    );

    // the member: a Swamp Blood month paid, then its renewal due
    const member = client(server.url, (await signIn(server)).cookie);
    expect(await checkout(member, 'whitelist', 'swamp-blood')).toEqual([200, 200, 200]);
    const end = new Date((await member.get('/api/membership')).body.membership.currentPeriodEnd);

    const [statuses, renewal, memberCheckout] = await Promise.all([
      Promise.all(players.map((http) => checkout(http, 'gang', 'starter-gang'))),
      server.system.database.withContext(() =>
        server.system.core.memberships.renewDue.execute({ now: new Date(end.getTime() + HOUR) }),
      ),
      checkout(member, 'addon', 'swamp-vehicles'),
    ]);

    expect(statuses).toEqual(Array(30).fill([200, 200, 200]));
    expect(memberCheckout).toEqual([200, 200, 200]);
    expect(renewal).toMatchObject({ renewed: 1, errors: [] });
    const balances = await Promise.all(players.map(async (http) => (await http.get('/api/user/tokens')).body.tokens));
    expect(new Set(balances).size).toBe(1);
    expect(balances[0]).toBeGreaterThan(0);

    // 30 gangs, the member's first month, its renewal and the add-on: 33 completed, nothing else
    const list = await admin.get('/api/purchases');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 33, completed: 33, pending: 0 });
    expect(await verifyDatabase(server.system.database)).toMatchObject({ breaches: [] });
    const [stats] = await sql<Array<{ deadlocks: string }>>(
      `select deadlocks from pg_stat_database where datname = current_database()`,
    );
    expect(Number(stats.deadlocks)).toBe(0);
  }, 120_000);
});
