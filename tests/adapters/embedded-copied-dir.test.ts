import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { withMigratedDatabase } from '../support/pglite-template.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { devSignIn, randomDiscordId } from '../support/session.ts';

const root = mkdtempSync(join(tmpdir(), 'copied-dir-'));
// a site's data directory after its first start
const original = withMigratedDatabase(join(root, 'data'));
const copy = join(root, 'data-copy');
const sites: ServerProcess[] = [];
// a new data directory's first start initialises the database: seconds, more on a busy machine
const SLOW_START = { startTimeoutMs: 150_000 };

afterAll(async () => {
  for (const site of sites) site.child.kill('SIGTERM');
  await Promise.all(sites.map((site) => site.exited));
  rmSync(root, { recursive: true, force: true });
});

/** The players a data directory's database holds, read the way the CLI reads it (through its running site). */
async function playersIn(dataDir: string): Promise<string[]> {
  const database = await Database.open({ dataDir });
  try {
    expect(database.isEmbedded).toBe(false); // its site serves it
    const rows = await database.query<{ discord_id: string }>('select discord_id from users order by discord_id');
    return rows.map((row) => row.discord_id);
  } finally {
    await database.close();
  }
}

describe.skipIf(process.platform === 'win32')('a copy of a data directory', () => {
  it('started while the original runs (its lock and address files copied too), opens its own database', async () => {
    const first = await startServerProcess({ DATA_DIR: original, DATABASE_URL: '' }, SLOW_START);
    sites.push(first);
    const before = randomDiscordId();
    await devSignIn(first.url, { discordId: before });

    cpSync(original, copy, { recursive: true });
    expect(existsSync(join(copy, 'embedded-postgres.lock'))).toBe(true);
    expect(existsSync(join(copy, 'embedded-postgres.json'))).toBe(true);
    const second = await startServerProcess({ DATA_DIR: copy, DATABASE_URL: '' }, SLOW_START);
    sites.push(second);
    const after = randomDiscordId();
    await devSignIn(second.url, { discordId: after });

    expect(await playersIn(copy)).toEqual([before, after].sort());
    expect(await playersIn(original)).toEqual([before]);
  }, 400_000);
});
