import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTAINED_BY_TRIGGERS, NOT_BACKED_UP } from '../../adapters/persistence/backup/tables.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { backupLines, rewrittenBackup } from '../support/backup-edits.ts';
import { runCliInProcess as runCli, runCliOn } from '../support/cli.ts';
import { databaseContents } from '../support/database-contents.ts';
import { createTestDatabase, databaseTargets, type TestDatabase } from '../support/databases.ts';
import { devSignIn, randomDiscordId } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const root = mkdtempSync(join(tmpdir(), 'db-restore-safety-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PLANTED = 'planted by a crafted backup';
const file = join(root, 'site.backup.gz');
let server: TestServer;
let contents: Record<string, unknown[]>;

beforeAll(async () => {
  server = await startTestServer({ target: 'pglite' });
  for (const discordId of [randomDiscordId(), randomDiscordId()]) await devSignIn(server.url, { discordId });
  expect((await runCliOn(server.system, ['db', 'backup', file])).code).toBe(0);
  contents = await server.system.database.withContext(() => databaseContents(server.system.database));
}, 120_000);
afterAll(() => server?.stop());

/** The index of a table's start line, and of the line after its last row. */
function section(lines: string[], table: string): [start: number, end: number] {
  const start = lines.findIndex((line) => line.startsWith(`{"table":"${table}"`));
  const after = lines.findIndex((line, index) => index > start && !line.startsWith('['));
  return [start, after];
}

/** The tables of the target that hold rows, leaving out those a site fills by itself. */
async function tablesWithRows(database: Database): Promise<string[]> {
  const tables = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  const holding = [];
  for (const { name } of tables) {
    if ([...NOT_BACKED_UP, ...MAINTAINED_BY_TRIGGERS].includes(name)) continue;
    const [{ any }] = await database.query<{ any: boolean }>(`select exists (select 1 from "${name}") as "any"`);
    if (any) holding.push(name);
  }
  return holding;
}

describe.each(databaseTargets())('db restore takes only what is the site own (into %s)', (target) => {
  const dataDir = join(root, `target-${target}`);
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let postgres: TestDatabase | undefined;
  let to: string[] = [];
  const restore = (backup: string, ...flags: string[]) => runCli(['db', 'restore', backup, ...to, ...flags], env);
  const open = () => Database.open(postgres?.url ? { url: postgres.url, dataDir } : { dataDir });

  /** After a refusal: nothing in PostgreSQL's catalog, no row in any table, no schema left aside. */
  async function expectNothingWritten(): Promise<void> {
    const database = await open();
    try {
      const planted = await database.query<{ count: string }>(
        'select count(*) from pg_catalog.pg_description where description = ?',
        [PLANTED],
      );
      expect(Number(planted[0].count)).toBe(0);
      expect(await tablesWithRows(database)).toEqual([]);
      expect(await database.query(`select nspname from pg_namespace where nspname like '%before_restore%'`)).toEqual(
        [],
      );
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    if (target === 'postgres') {
      postgres = await createTestDatabase('postgres');
      to = ['--to', postgres.url ?? ''];
    }
  });
  afterAll(() => postgres?.drop());

  it("refuses a backup whose section names PostgreSQL's pg_description, though its checksum holds", async () => {
    const crafted = rewrittenBackup(file, join(root, `pg-description-${target}.gz`), (lines) => {
      const [start, after] = section(lines, 'sales');
      return [
        ...lines.slice(0, start),
        JSON.stringify({ table: 'pg_description', columns: ['objoid', 'classoid', 'objsubid', 'description'] }),
        JSON.stringify(['1259', '1259', '0', PLANTED]),
        ...lines.slice(after),
      ];
    });
    const refused = await restore(crafted);
    expect(refused.stderr).toBe(
      `Error: ${crafted} names a table "pg_description" that is not one of this site's tables at schema ${JSON.parse(backupLines(file)[0]).schema}: restore refused, no row was written\n`,
    );
    expect(refused.code).toBe(3);
    await expectNothingWritten();
  }, 120_000);

  it('refuses a column the table does not have, naming both', async () => {
    const crafted = rewrittenBackup(file, join(root, `column-${target}.gz`), (lines) => {
      const [start, after] = section(lines, 'users');
      const users = JSON.parse(lines[start]);
      return [
        ...lines.slice(0, start),
        JSON.stringify({ ...users, columns: [...users.columns, 'is_superuser'] }),
        ...lines.slice(start + 1, after).map((row) => JSON.stringify([...JSON.parse(row), 't'])),
        ...lines.slice(after),
      ];
    });
    const refused = await restore(crafted);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `names a column "is_superuser" in table "users" that this site's table does not have`,
    );
    await expectNothingWritten();
  }, 120_000);

  it('refuses a backup changed after it was written', async () => {
    const lines = backupLines(file);
    const [start] = section(lines, 'users');
    const changed = join(root, `changed-${target}.gz`);
    writeFileSync(
      changed,
      gzipSync(`${lines.with(start + 1, lines[start + 1].replace('player', 'admin')).join('\n')}\n`),
    );
    const refused = await restore(changed);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `Error: This backup was changed after it was written (checksum mismatch): ${changed}; restore the file as the site wrote it`,
    );
    await expectNothingWritten();
  }, 120_000);

  it('restores the backup as written', async () => {
    const restored = await restore(file);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const database = await open();
    try {
      expect(await databaseContents(database)).toEqual(contents);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a backup written before backups carried a checksum, unless told, then restores it with a warning', async () => {
    const [header, ...rest] = backupLines(file);
    const { sha256: _, ...end } = JSON.parse(rest.pop() ?? '');
    const older = join(root, `format-1-${target}.gz`);
    const lines = [JSON.stringify({ ...JSON.parse(header), formatVersion: 1 }), ...rest, JSON.stringify(end)];
    writeFileSync(older, gzipSync(`${lines.join('\n')}\n`));

    const refused = await restore(older, '--force');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`${older} carries no checksum`);
    expect(refused.stderr).toContain('--allow-unchecked');

    const restored = await restore(older, '--force', '--allow-unchecked');
    expect(restored.code).toBe(0);
    expect(restored.stderr).toMatch(/^Warning: the backup carried no checksum .* it was restored unchecked\.\n$/);
    const database = await open();
    try {
      expect(await databaseContents(database)).toEqual(contents);
    } finally {
      await database.close();
    }
  }, 120_000);
});
