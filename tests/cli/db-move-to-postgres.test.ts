import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { runCli } from '../support/cli.ts';
import { balancesAndLedger, balancesOffTheLedger, databaseContents } from '../support/database-contents.ts';
import {
  createTestDatabase,
  REAL_POSTGRES_URL,
  realPostgresReachable,
  type TestDatabase,
} from '../support/databases.ts';
import { client } from '../support/http.ts';
import { withMigratedDatabase } from '../support/pglite-template.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { randomDiscordId } from '../support/session.ts';
import { accountView, type FilledPlayer, fillSite } from '../support/site-fill.ts';

const reachable = await realPostgresReachable();
const root = mkdtempSync(join(tmpdir(), 'move-to-postgres-'));
// a site's data directory after its first start
const dataDir = withMigratedDatabase(join(root, 'data'));
const backup = join(root, 'before-the-move.backup.gz');
const adminDiscordId = randomDiscordId();
// both sites sign cookies alike, so a session kept in the database is still good after the move
const shared = { SESSION_SECRET: 'move-to-postgres-session-secret-0123456789', ADMIN_DISCORD_IDS: adminDiscordId };
// a new data directory's first start initialises the database: seconds, more on a busy machine
const SLOW_START = { startTimeoutMs: 150_000 };
const running: ServerProcess[] = [];
let target: TestDatabase | undefined;

const stop = async (site: ServerProcess) => {
  site.child.kill('SIGTERM');
  await site.exited;
};

async function readBoth<T>(url: string, read: (database: Database) => Promise<T>): Promise<[T, T]> {
  const embedded = await Database.open({ dataDir });
  const moved = await Database.open({ url, dataDir: join(root, 'unused') });
  try {
    return [await read(embedded), await read(moved)];
  } finally {
    await embedded.close();
    await moved.close();
  }
}

afterAll(async () => {
  await Promise.all(running.map(stop));
  await target?.drop();
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!reachable)('moving from the embedded database to Postgres', () => {
  it('backs up the running site, restores with --to, and the site there holds the same players', async () => {
    const embeddedSite = await startServerProcess({ ...shared, DATA_DIR: dataDir, DATABASE_URL: '' }, SLOW_START);
    running.push(embeddedSite);
    const players = await fillSite(embeddedSite.url, adminDiscordId);
    const [admin] = players;
    const viewsOn = (url: string) =>
      Promise.all(players.map((someone: FilledPlayer) => accountView(url, someone, admin)));
    const before = await viewsOn(embeddedSite.url);

    // taken while the site serves, through the CLI an operator runs
    const backedUp = await runCli(['db', 'backup', backup], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows in \d+ tables/);
    expect((await client(embeddedSite.url).get('/api/health')).status).toBe(200);

    target = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    const restored = await runCli(['db', 'restore', backup, '--to', target.url!], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables into the database at --to/);
    // once it holds data, the same restore is refused without --force, naming why
    const again = await runCli(['db', 'restore', backup, '--to', target.url!], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(again.code).toBe(5);
    expect(again.stderr).toMatch(/holds data.*--force/s);

    const [contents, movedContents] = await readBoth(target.url!, databaseContents);
    expect(Object.keys(contents)).toEqual(
      expect.arrayContaining(['users', 'purchases', 'memberships', 'token_ledger']),
    );
    for (const table of [
      'users',
      'purchases',
      'memberships',
      'whitelist_applications',
      'application_reviews',
      'account_actions',
      'token_ledger',
      'deliveries',
    ])
      expect(contents[table].length, table).toBeGreaterThan(0);
    expect(movedContents).toEqual(contents);
    const [balances, movedBalances] = await readBoth(target.url!, balancesAndLedger);
    expect(movedBalances).toEqual(balances);
    for (const database of await readBoth(target.url!, balancesOffTheLedger)) expect(database).toEqual([]);
    // the operator's own check finds nothing wrong on either side
    for (const env of [{ DATA_DIR: dataDir, DATABASE_URL: '' }, { DATABASE_URL: target.url! }]) {
      const verified = await runCli(['db', 'verify'], env);
      expect(verified.stdout + verified.stderr).not.toContain('breach');
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    }

    // the site on Postgres: the same players, signed in with the same cookies, see the same accounts
    await stop(embeddedSite);
    const movedSite = await startServerProcess(
      { ...shared, DATABASE_URL: target.url!, DATA_DIR: join(root, 'moved') },
      SLOW_START,
    );
    running.push(movedSite);
    expect(await viewsOn(movedSite.url)).toEqual(before);
    // and it writes on: the restored sequences hand out new numbers
    const credited = await client(movedSite.url, admin.cookie).post(`/api/players/${players[1].userId}/tokens`, {
      direction: 'credit',
      amount: 7,
      reason: 'After the move',
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
  }, 600_000);
});
