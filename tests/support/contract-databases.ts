import { randomUUID } from 'node:crypto';
import { Database } from '../../adapters/persistence/database.ts';
import { createTestDatabase, type DatabaseTarget } from './databases.ts';
import { pgliteTemplate } from './pglite-template.ts';

export interface MigratedDatabase {
  database: Database;
  /** inserts a user row (stores that reference users need one) and answers its id */
  addUser(): Promise<string>;
  /** inserts a pending purchase of a new user (stores that reference purchases need one) and answers its id */
  addPurchase(): Promise<string>;
  close(): Promise<void>;
}

/** A fresh, migrated database for one suite, dropped at close. */
export async function openMigratedDatabase(target: DatabaseTarget, poolMax?: number): Promise<MigratedDatabase> {
  const testDb = await createTestDatabase(target, undefined, { migrated: true });
  const database = await Database.open({
    url: testDb.url,
    dataDir: 'memory',
    memoryTemplate: pgliteTemplate(),
    ...(poolMax ? { poolMax } : {}),
  });
  await database.migrate();
  const addUser = async () => {
    const id = randomUUID();
    await database.withContext(() =>
      database.em
        .getConnection()
        .execute(`insert into users (id, discord_id) values (?, ?)`, [
          id,
          `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        ]),
    );
    return id;
  };
  return {
    database,
    addUser,
    addPurchase: async () => {
      const id = randomUUID();
      const userId = await addUser();
      await database.withContext(() =>
        database.em
          .getConnection()
          .execute(
            `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents) values (?, ?, 'whitelist', 'swamp-blood', 'Swamp Blood', 6000)`,
            [id, userId],
          ),
      );
      return id;
    },
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}
