import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { createTestDatabase, databaseTargets } from '../support/databases.ts';
import { pgliteBlankTemplate, pgliteTemplate } from '../support/pglite-template.ts';

describe.each(databaseTargets())('schema on %s', (target) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
  });

  /** a database already migrated (PGlite from the run's migrated template), for the tests about the schema it has */
  async function migrated(): Promise<Database> {
    const testDb = await createTestDatabase(target);
    const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteTemplate() });
    opened.push(testDb.drop, () => database.close());
    await database.migrate();
    return database;
  }

  it('migrates to the users and sessions tables, and a second run applies nothing', async () => {
    const testDb = await createTestDatabase(target);
    const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteBlankTemplate() });
    opened.push(testDb.drop, () => database.close());
    expect((await database.migrate()).length).toBeGreaterThan(0);
    expect(await database.migrate()).toEqual([]);
    const columns = await database.em
      .getConnection()
      .execute<{ table_name: string; column_name: string }[]>(
        `select table_name, column_name from information_schema.columns where table_schema = 'public' and table_name in ('users', 'sessions')`,
      );
    const of = (table: string) => columns.filter((c) => c.table_name === table).map((c) => c.column_name);
    expect(of('users')).toEqual(
      expect.arrayContaining([
        'id',
        'username',
        'password',
        'email',
        'discord_id',
        'discord_username',
        'discord_avatar',
        'discord_discriminator',
        'whitelist_tier',
        'gang_tier',
        'is_whitelisted',
        'tokens',
        'created_at',
        'updated_at',
      ]),
    );
    expect(of('sessions').sort()).toEqual(['expire', 'sess', 'sid']);
  });

  it("reads a player's own rows through an index on the player, whatever the table's size", async () => {
    const database = await migrated();
    const player = '00000000-0000-4000-8000-000000000001';
    // the statements of the repositories: an applicant's applications and their approved check, deliveries, membership
    const reads = [
      `select * from "whitelist_applications" where "user_id" = ? order by "created_at" desc, "id" desc`,
      `select 1 from "whitelist_applications" where "user_id" = ? and "status" = 'approved' limit 1`,
      `select * from "staff_applications" where "user_id" = ? order by "created_at" desc, "id" desc`,
      `select 1 from "staff_applications" where "user_id" = ? and "status" = 'approved' limit 1`,
      `select * from "deliveries" where "user_id" = ? order by "created_at" desc, "id" desc limit 50`,
      `select * from "memberships" where "user_id" = ? order by "created_at" desc, "id" desc limit 1`,
    ];
    for (const read of reads) {
      // an empty table is read whole anyway: rule that out, so the plan shows whether an index can serve the read
      const [, [plan]] = await database.queries([
        ['set enable_seqscan = off'],
        [`explain (format json) ${read}`, [player]],
        ['reset enable_seqscan'],
      ]);
      expect(JSON.stringify(plan), read).toMatch(/"Index Cond":"\(user_id = /);
    }
  });

  it('keeps discordId unique and tokens from going below zero', async () => {
    const database = await migrated();
    const connection = database.em.getConnection();
    const insert = (id: string, tokens: number) =>
      connection.execute(`insert into users (id, discord_id, tokens) values (?, ?, ?)`, [id, '1234', tokens]);
    await insert('00000000-0000-4000-8000-000000000001', 0);
    await expect(insert('00000000-0000-4000-8000-000000000002', 0)).rejects.toThrow(/unique/i);
    await expect(connection.execute(`update users set tokens = -1`)).rejects.toThrow(/check/i);
  });
});
