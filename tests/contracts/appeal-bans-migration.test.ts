import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { createTestDatabase, databaseTargets } from '../support/databases.ts';
import { pgliteBlankTemplate } from '../support/pglite-template.ts';

const PLAYER = '00000000-0000-4000-8000-000000000035';
const APPEAL = '00000000-0000-4000-8000-000000000036';

describe.each(databaseTargets())('migration 0035 on %s', (target) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
  });

  it('gives a pending appeal the ban its player has, so approval lifts that ban and no later one', async () => {
    const testDb = await createTestDatabase(target);
    const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteBlankTemplate() });
    opened.push(testDb.drop, () => database.close());
    await (await database.migrator()).up({ to: 'Migration20261127000034ProviderCodes' });
    await database.query(
      `insert into "users" ("id", "discord_id", "discord_username", "banned_at", "ban_reason")
       values (?, '100000000000000035', 'Remy', '2026-11-20T10:00:00.123Z', 'Combat logging')`,
      [PLAYER],
    );
    await database.query(
      `insert into "ban_appeals" ("id", "user_id", "discord_id", "discord_username", "ban", "offence", "character_names",
         "banned_around", "explanation", "why_unfair", "truthful")
       values (?, ?, '100000000000000035', 'Remy', 'account', 'none', 'Remy', 'Last week', 'x', 'y', true)`,
      [APPEAL, PLAYER],
    );
    await database.migrate();
    const [row] = await database.query<{ appealed_ban_at: string | Date; appealed_ban_reason: string }>(
      `select "appealed_ban_at", "appealed_ban_reason" from "ban_appeals" where "id" = ?`,
      [APPEAL],
    );
    expect(new Date(row.appealed_ban_at).toISOString()).toBe('2026-11-20T10:00:00.123Z');
    expect(row.appealed_ban_reason).toBe('Combat logging');
    await database.query(`update "ban_appeals" set "status" = 'closed' where "id" = ?`, [APPEAL]);
  });
});
