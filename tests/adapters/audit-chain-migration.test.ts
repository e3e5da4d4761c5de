import { afterAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../../core/audit/model/audit-chain.ts';
import { VerifyAuditChain } from '../../core/audit/use-cases/verify-audit-chain.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { migrationsList } from '../../adapters/persistence/migrations/index.ts';
import { MikroOrmAccountActionLog } from '../../adapters/persistence/mikro-orm-account-action-log.ts';
import { MikroOrmAuditChain } from '../../adapters/persistence/mikro-orm-audit-chain.ts';
import { createTestDatabase } from '../support/databases.ts';
import { pgliteBlankTemplate } from '../support/pglite-template.ts';

const names = migrationsList.map((migration) => migration.name);
const BEFORE_CHAIN = names.slice(0, names.indexOf('Migration20261129000036AuditChain'));

describe('migration 0036: the audit chain', () => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
  });

  it('links the rows written before it in the order they were created, and appending goes on from there', async () => {
    const testDb = await createTestDatabase('pglite');
    const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteBlankTemplate() });
    opened.push(testDb.drop, () => database.close());
    await (await database.migrator()).up({ migrations: BEFORE_CHAIN });
    const sql = (query: string, params: unknown[] = []) => database.em.getConnection().execute(query, params);
    const user = '00000000-0000-4000-8000-000000000001';
    await sql(
      `insert into users (id, discord_id, created_at, updated_at) values (?, '111111111111111111', now(), now())`,
      [user],
    );
    const action = (id: string, at: string, reason: string) =>
      sql(
        `insert into account_actions (id, user_id, action, before, after, reason, actor_name, channel, created_at)
         values (?, ?, 'credit_tokens', '0', '50', ?, 'Terminal (no --as)', 'cli', ?)`,
        [id, user, reason, at],
      );
    const review = (id: string, at: string) =>
      sql(
        `insert into application_reviews (id, kind, application_id, from_status, to_status, notes, reviewer_id, reviewer_discord_id, reviewer_name, channel, created_at)
         values (?, 'whitelist', '00000000-0000-4000-8000-0000000000aa', 'pending', 'approved', null, ?, '222', 'Tante Marie', 'web', ?)`,
        [id, user, at],
      );
    // written out of order: the later action first
    await action('00000000-0000-4000-8000-00000000000c', '2026-11-03T09:00:00Z', 'Second prize');
    await action('00000000-0000-4000-8000-00000000000a', '2026-11-01T09:00:00Z', 'First prize');
    await review('00000000-0000-4000-8000-00000000000b', '2026-11-02T09:00:00Z');

    await database.migrate();
    const chain = new MikroOrmAuditChain(database);
    const entries = await chain.read({ after: 0, limit: 10 });
    expect(entries.map((entry) => [entry.position, entry.log, entry.id.slice(-1)])).toEqual([
      [1, 'account-action', 'a'],
      [2, 'application-review', 'b'],
      [3, 'account-action', 'c'],
    ]);
    expect(entries[0].previousHash).toBe(GENESIS_HASH);
    expect(await new VerifyAuditChain(chain).execute()).toMatchObject({ intact: true, count: 3 });

    await database.transactional(() =>
      new MikroOrmAccountActionLog(database).record({
        id: '00000000-0000-4000-8000-00000000000d',
        userId: user,
        action: 'ban',
        before: 'not banned',
        after: 'banned',
        reason: 'Chargeback',
        permission: null,
        actorId: null,
        actorDiscordId: null,
        actorName: 'Terminal (no --as)',
        channel: 'cli',
        createdAt: new Date('2026-11-04T09:00:00Z'),
      }),
    );
    expect(await new VerifyAuditChain(chain).execute()).toMatchObject({
      intact: true,
      count: 4,
      head: { position: 4 },
    });
    // the review audit log is append-only now, as the account-action log was
    await expect(sql(`update application_reviews set notes = 'edited'`)).rejects.toThrow(/append-only/);
    await expect(sql(`delete from application_reviews`)).rejects.toThrow(/append-only/);
  });
});
