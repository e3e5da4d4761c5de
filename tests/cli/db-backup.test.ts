import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { listBackups } from '../../adapters/persistence/backup/backup-files.ts';
import { readBackupHeader } from '../../adapters/persistence/backup/backup-format.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { writeBackup } from '../../adapters/persistence/backup/write-backup.ts';
import { rewrittenBackup } from '../support/backup-edits.ts';
import { runCliInProcess as runCli, runCliOn } from '../support/cli.ts';
import { balancesOffTheLedger, databaseContents } from '../support/database-contents.ts';
import { capturedLogger } from '../support/captured-log.ts';
import { databaseTargets } from '../support/databases.ts';
import { devSignIn, randomDiscordId } from '../support/session.ts';
import { fillSite } from '../support/site-fill.ts';
import { withMigratedDatabase } from '../support/pglite-template.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const root = mkdtempSync(join(tmpdir(), 'db-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The embedded database of a data directory, opened by this process (no site serves it); no schema left aside. */
async function contentsOf(dataDir: string): Promise<Record<string, unknown[]>> {
  const database = await Database.open({ dataDir });
  try {
    expect(await database.query(`select nspname from pg_namespace where nspname like '%before_restore%'`)).toEqual([]);
    return await databaseContents(database);
  } finally {
    await database.close();
  }
}

/** A copy of a backup with its lines changed by `edit`. */
function edited(file: string, name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  const copy = join(root, name);
  writeFileSync(copy, gzipSync(`${edit(lines).join('\n')}\n`));
  return copy;
}

describe('db backup and db restore on the embedded database', () => {
  const adminDiscordId = randomDiscordId();
  const file = join(root, 'site.backup.gz');
  const dataDir = join(root, 'restored');
  const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let server: TestServer;
  let contents: Record<string, unknown[]>;

  beforeAll(async () => {
    server = await startTestServer({ target: 'pglite', env: { ADMIN_DISCORD_IDS: adminDiscordId } });
    await fillSite(server.url, adminDiscordId);
    contents = await server.system.database.withContext(() => databaseContents(server.system.database));
  }, 120_000);
  afterAll(() => server?.stop());

  it('writes a file that names its schema and the site version, and restores it into an empty data directory', async () => {
    const backedUp = await runCliOn(server.system, ['db', 'backup', file]);
    expect(backedUp.code).toBe(0);
    const header = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0]);
    expect(header).toMatchObject({
      format: 'bayou-site-backup',
      formatVersion: 2,
      schema: expect.stringMatching(/^Migration\d+/),
      siteVersion: JSON.parse(readFileSync('package.json', 'utf8')).version,
      source: { database: 'embedded' },
    });
    expect(header.migrations.at(-1)).toBe(header.schema);

    const restored = await runCli(['db', 'restore', file], embedded);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into the embedded database in ${dataDir}`);
    expect(await contentsOf(dataDir)).toEqual(contents);
  }, 180_000);

  it('refuses a database that holds data, and replaces it with --force', async () => {
    const refused = await runCli(['db', 'restore', file], embedded);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toMatch(/^Error: the target database holds data \(.*users.*\); .* add --force to replace/);
    const forced = await runCli(['db', 'restore', file, '--force'], embedded);
    expect(forced.code).toBe(0);
    expect(await contentsOf(dataDir)).toEqual(contents);
  }, 180_000);

  it('refuses a backup of a newer schema, a cut-short file, rows the database refuses and a missing file, leaving the target as it was', async () => {
    const future = rewrittenBackup(file, join(root, 'future.backup.gz'), ([header, ...rest]) => {
      const parsed = JSON.parse(header);
      parsed.schema = 'Migration20991231000099Future';
      parsed.migrations.push(parsed.schema);
      parsed.siteVersion = '9.0.0';
      return [JSON.stringify(parsed), ...rest];
    });
    const newer = await runCli(['db', 'restore', future, '--force'], embedded);
    expect(newer.code).toBe(3);
    expect(newer.stderr).toContain('was made by a newer site (version 9.0.0, schema Migration20991231000099Future)');

    const cut = edited(file, 'cut.backup.gz', (lines) => lines.slice(0, -3));
    const short = await runCli(['db', 'restore', cut, '--force'], embedded);
    expect(short.code).toBe(3);
    expect(short.stderr).toContain('is not a whole backup of this site: it was cut short');

    // a file that reads whole but whose rows the database refuses (one user twice): the forced restore fails,
    // and the data it was to replace is back
    const twice = rewrittenBackup(file, join(root, 'twice.backup.gz'), (lines) => {
      const users = lines.findIndex((line) => line.startsWith('{"table":"users"'));
      return [...lines.slice(0, users + 2), lines[users + 1], ...lines.slice(users + 2)];
    });
    const refusedRows = await runCli(['db', 'restore', twice, '--force'], embedded);
    expect(refusedRows.code).not.toBe(0);
    expect(refusedRows.stderr).toMatch(/duplicate key/);

    const missing = await runCli(['db', 'restore', join(root, 'nothing-here.gz')], embedded);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('there is no backup file');
    expect(await contentsOf(dataDir)).toEqual(contents);
  }, 180_000);

  it('db backup without a file writes into BACKUP_DIR, and db backups lists it', async () => {
    expect((await runCli(['db', 'backups'], embedded)).stdout).toContain('No backups in');
    const taken = await runCli(['db', 'backup'], embedded);
    expect(taken.code).toBe(0);
    const listed = await runCli(['db', 'backups'], embedded);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`Backups in ${join(dataDir, 'backups')}, newest first:`);
    expect(listed.stdout).toMatch(/bayou-\d{8}T\d{6}\.\d{3}Z\.backup\.gz {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}\d+ KB/);
  }, 120_000);
  it("the server's scheduled pass writes a whole backup into BACKUP_DIR, keeps BACKUP_KEEP, and survives a failing one", async () => {
    const { logger, lines } = capturedLogger();
    const compose = (env: Record<string, string>) =>
      composeSystem(loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '1', ...env }), { logger });
    const system = await compose({});
    try {
      expect(await system.backupScheduler!.runOnce()).toBe(true);
    } finally {
      await system.close();
    }
    const [newest, ...older] = listBackups(join(dataDir, 'backups'));
    expect(older).toEqual([]);
    expect((await readBackupHeader(newest.file)).schema).toMatch(/^Migration/);
    expect(lines.at(-1)).toMatchObject({ msg: 'database backed up', file: newest.file, pruned: [expect.any(String)] });

    // a folder that cannot be made (a file stands there): logged as an error, and the pass ends normally
    const failing = await compose({ BACKUP_DIR: file });
    try {
      expect(await failing.backupScheduler!.runOnce()).toBe(false);
    } finally {
      await failing.close();
    }
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      msg: 'database backup failed; the next is tried an interval later',
    });
  }, 120_000);
});

describe.each(databaseTargets())('a backup taken while 50 writes run (%s)', (target) => {
  const GAME_API_KEY = 'game-key-for-backup-under-writes-01';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ target, env: { GAME_API_KEY } });
  }, 120_000);
  afterAll(() => server?.stop());

  it('restores to a state where every balance is the sum of its ledger', async () => {
    const players = Array.from({ length: 5 }, () => randomDiscordId());
    // as a client of the game API sends a change: told the site is busy (503), it waits and sends the same
    // reference again, which the site applies once
    const change = async (discordId: string, amount: number, reference: string) => {
      for (let attempt = 1; ; attempt++) {
        const response = await fetch(`${server.url}/api/game/players/${discordId}/tokens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${GAME_API_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount, reference, reason: 'Busy evening' }),
        });
        if (response.status !== 503 || attempt === 5) return response.status;
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    };
    for (const discordId of players) {
      await devSignIn(server.url, { discordId });
      // more than the spends below can take, whatever order they run in
      expect(await change(discordId, 100, `opening-${discordId}`)).toBe(200);
    }
    let done = 0;
    let tenDone: () => void = () => undefined;
    const tenWritten = new Promise<void>((resolve) => {
      tenDone = resolve;
    });
    const writes = Array.from({ length: 50 }, async (_, index) => {
      const status = await change(players[index % players.length], index % 2 === 0 ? 5 : -3, `write-${index}`);
      if (++done === 10) tenDone();
      return status;
    });
    // the backup starts once 10 writes are in, while the other 40 are still being sent
    await tenWritten;
    const file = join(root, `under-writes-${target}.backup.gz`);
    const [summary, statuses] = await Promise.all([writeBackup(server.system.database, file), Promise.all(writes)]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(summary.rows).toBeGreaterThan(0);

    // the restore goes into a site's migrated, empty database (the restore into a new data directory is shown above)
    const dataDir = withMigratedDatabase(join(root, `under-writes-${target}`));
    const restored = await runCli(['db', 'restore', file], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(restored.code).toBe(0);
    const database = await Database.open({ dataDir });
    try {
      const [{ count }] = await database.query<{ count: string }>('select count(*) from token_ledger');
      expect(Number(count)).toBeGreaterThanOrEqual(players.length + 10);
      expect(await balancesOffTheLedger(database)).toEqual([]);
    } finally {
      await database.close();
    }
    // and the operator's own check holds on the restored copy
    const verified = await runCli(['db', 'verify'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(verified.stdout + verified.stderr).not.toContain('breach');
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
  }, 240_000);
});
