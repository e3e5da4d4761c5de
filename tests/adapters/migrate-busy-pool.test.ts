import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

describe('a server starting while its database is busy', () => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of made) await database.drop();
  });

  it('waits past the pool’s 2 s limit for its first connection, then migrates', async () => {
    const target = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    const testDatabase = await createTestDatabase(target);
    made.push(testDatabase);
    const database = await Database.open({ url: testDatabase.url, dataDir: 'memory', poolMax: 2 });
    try {
      const client = database.em.getConnection().getKnex().client;
      // other work holds every connection of the pool for 3 s
      const held = [await client.acquireConnection(), await client.acquireConnection()];
      const release = new Promise<void>((done) =>
        setTimeout(async () => {
          for (const connection of held) await client.releaseConnection(connection);
          done();
        }, 3_000),
      );
      const started = Date.now();
      const applied = await database.migrate();
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(applied.length).toBeGreaterThan(0);
      expect(await database.pendingMigrations()).toEqual([]);
      await release;
    } finally {
      await database.close();
    }
  }, 90_000);
});
