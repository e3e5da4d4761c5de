import { describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';
import { createTestDatabase, serverTarget } from '../support/databases.ts';
import { client } from '../support/http.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';

/** every table's rows and every sequence's place, but the change log's (its ids only grow) */
async function contents(database: Database): Promise<Record<string, string | null>> {
  const tables = await database.query<{ name: string }>(
    `select quote_ident(tablename) as "name" from pg_tables where schemaname = current_schema() order by tablename`,
  );
  const counted = (await database.queries(
    tables.map(({ name }) => [`select count(*)::text as "rows" from ${name}`] as const),
  )) as Array<Array<{ rows: string }>>;
  const sequences = await database.query<{ name: string; last: string | null }>(
    `select sequencename as "name", last_value::text as "last" from pg_sequences
     where schemaname = current_schema() and sequencename <> 'cache_invalidations_id_seq' order by sequencename`,
  );
  return Object.fromEntries([
    ...tables.map(({ name }, index) => [`table ${name}`, counted[index]?.[0]?.rows ?? null]),
    ...sequences.map(({ name, last }) => [`sequence ${name}`, last]),
  ]);
}

describe("the worker's server, taken over by the next test file", () => {
  it('holds what a new server holds, remembers nothing and counts nothing of the file before', async () => {
    const server = await sharedTestServer();
    const { system } = server;
    // what a file leaves behind: rows, a signed-in session cached in memory, a public answer kept, counts
    const buyer = await signIn(server, { role: 'admin' });
    await buyWithDemoCard(server.url, buyer, { productType: 'whitelist', productId: 'swamp-blood' });
    const me = () => client(server.url, buyer.cookie).get('/api/auth/user');
    expect((await me()).status).toBe(200);
    const recent = () => client(server.url).get('/api/purchases/recent');
    expect((await recent()).body.items).toHaveLength(1);
    const { signIn: signInLimit } = system.rateLimits;
    for (let hit = 0; hit < signInLimit.limitPerMinute; hit++) signInLimit.hit('127.0.0.1');
    expect(signInLimit.hit('127.0.0.1')).toBeGreaterThan(0);
    // the lapsed checkouts the purchases dashboard counted, against the pending checkouts' count and sum
    const purchases = new MikroOrmPurchaseRepository(system.database);
    const cutOff = new Date();
    const checkout = (userId: string, createdAt: Date) =>
      system.database.withContext(() =>
        purchases.add(
          pendingPurchase({
            userId,
            productType: 'gang',
            productId: 'starter-gang',
            productName: 'Starter Gang',
            priceCents: 2500,
            tokensGranted: 0,
            createdAt,
          }),
        ),
      );
    const abandoned = async () =>
      (await system.database.withContext(() => purchases.summarize({ abandonedBefore: cutOff }))).abandoned;
    await checkout(buyer.user.id, new Date(cutOff.getTime() - 60_000));
    expect(await abandoned()).toEqual({ count: 1, cents: 2500 });

    const again = await sharedTestServer();
    expect(again.url).toBe(server.url);
    expect(again.system).toBe(system);
    // a new database of the run's, as a new server gets it
    const fresh = await createTestDatabase(serverTarget(), undefined, { migrated: true });
    const template = await Database.open({ url: fresh.url, dataDir: 'memory', memoryTemplate: pgliteTemplate() });
    try {
      expect(await contents(system.database)).toEqual(await contents(template));
    } finally {
      await template.close();
      await fresh.drop();
    }
    expect((await me()).status).toBe(401);
    expect((await recent()).body.items).toEqual([]);
    expect(signInLimit.hit('127.0.0.1')).toBe(0);
    // as many pending checkouts for as much, none of them lapsed: counted again, not taken from before
    await checkout((await signIn(again)).user.id, new Date(cutOff.getTime() + 60_000));
    expect(await abandoned()).toEqual({ count: 0, cents: 0 });
  });

  it('is not stopped by a test file: the worker ends it', async () => {
    const server = await sharedTestServer();
    await expect(server.stop()).rejects.toThrow(/does not stop it/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
