import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { migrationsList } from '../../adapters/persistence/migrations/index.ts';
import { createTestDatabase } from '../support/databases.ts';
import { pgliteBlankTemplate } from '../support/pglite-template.ts';

const names = migrationsList.map((migration) => migration.name);
const BEFORE_HISTORY = names.slice(0, names.indexOf('Migration20261123000009PurchaseStatusChanges'));

describe('migration 0009: purchase status history', () => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
  });

  it('fills in the history of purchases made before it from their created, completed and updated times', async () => {
    const testDb = await createTestDatabase('pglite');
    const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteBlankTemplate() });
    opened.push(testDb.drop, () => database.close());
    await (await database.migrator()).up({ migrations: BEFORE_HISTORY });
    const sql = (query: string, params: unknown[] = []) => database.em.getConnection().execute(query, params);
    const user = '00000000-0000-4000-8000-000000000001';
    await sql(
      `insert into users (id, discord_id, created_at, updated_at) values (?, '111111111111111111', now(), now())`,
      [user],
    );
    const insert = (id: string, status: string, completedAt: string | null, updatedAt: string, reason: string | null) =>
      sql(
        `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents, status, failure_reason, created_at, updated_at, completed_at)
         values (?, ?, 'whitelist', 'swamp-blood', 'Swamp Blood', 6000, ?, ?, '2026-11-01T10:00:00Z', ?, ?)`,
        [id, user, status, reason, updatedAt, completedAt],
      );
    const open = '00000000-0000-4000-8000-00000000000a';
    const refunded = '00000000-0000-4000-8000-00000000000b';
    const declined = '00000000-0000-4000-8000-00000000000c';
    await insert(open, 'pending', null, '2026-11-01T10:00:00Z', null);
    await insert(refunded, 'refunded', '2026-11-01T10:05:00Z', '2026-11-02T09:00:00Z', 'Refund: wrong tier');
    await insert(declined, 'failed', null, '2026-11-01T10:01:00Z', 'Your card was declined.');

    await database.migrate();
    const history = async (id: string) =>
      (
        (await sql(
          `select status, reason, actor_id, created_at from purchase_status_changes where purchase_id = ? order by created_at, id`,
          [id],
        )) as Array<{ status: string; reason: string | null; actor_id: string | null; created_at: string | Date }>
      ).map((row) => [row.status, row.reason, row.actor_id, new Date(row.created_at).toISOString()]);
    expect(await history(open)).toEqual([['checkout_started', null, null, '2026-11-01T10:00:00.000Z']]);
    expect(await history(refunded)).toEqual([
      ['checkout_started', null, null, '2026-11-01T10:00:00.000Z'],
      ['completed', null, null, '2026-11-01T10:05:00.000Z'],
      ['refunded', 'Refund: wrong tier', null, '2026-11-02T09:00:00.000Z'],
    ]);
    expect(await history(declined)).toEqual([
      ['checkout_started', null, null, '2026-11-01T10:00:00.000Z'],
      ['failed', 'Your card was declined.', null, '2026-11-01T10:01:00.000Z'],
    ]);
  });
});
