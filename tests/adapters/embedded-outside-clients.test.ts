import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/pglite-template.ts';
import { EMBEDDED_PASSWORD_FILE } from '../../adapters/persistence/embedded-postgres.ts';
import { runCli } from '../support/cli.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { devSignIn, randomDiscordId } from '../support/session.ts';

const run = promisify(execFile);
const GAME_API_KEY = 'game-key-for-outside-client-tests-0001';
const dataDir = migratedDataDir('outside-clients-');
let site: ServerProcess;

/** What an operator builds from the data directory: the published address and the password file, nothing else. */
function outsideUrl(): string {
  const { url } = JSON.parse(readFileSync(join(dataDir, 'embedded-postgres.json'), 'utf8')) as { url: string };
  const address = new URL(url);
  address.password = readFileSync(join(dataDir, EMBEDDED_PASSWORD_FILE), 'utf8').trim();
  return address.toString();
}

/** Runs a Debian client; answers its exit code and what it printed. */
async function client(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      timeout: 30_000,
      env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout}${failed.stderr}` };
  }
}

beforeAll(async () => {
  // a new data directory's first start initialises the database: seconds, more on a busy machine
  site = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', GAME_API_KEY }, { startTimeoutMs: 150_000 });
}, 200_000);
afterAll(async () => {
  site?.child.kill('SIGTERM');
  await site?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('outside clients on the embedded database', () => {
  it("pg_dump and psql's search_path are turned away naming db backup, and the site goes on serving", async () => {
    const dump = await client('pg_dump', ['--schema-only', '-d', outsideUrl()]);
    expect(dump.code).not.toBe(0);
    expect(dump.output).toContain('npm run cli -- db backup');

    const psql = await client('psql', [outsideUrl(), '-c', "set search_path = ''"]);
    expect(psql.code).not.toBe(0);
    expect(psql.output).toContain('npm run cli -- db backup');

    // the site's own connections still see their tables: sign-in, then the game spends tokens
    const discordId = randomDiscordId();
    const cookie = await devSignIn(site.url, { discordId });
    const tokens = `${site.url}/api/game/players/${discordId}/tokens`;
    const change = (amount: number, reference: string) =>
      fetch(tokens, {
        method: 'POST',
        headers: { authorization: `Bearer ${GAME_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount, reference, reason: 'Outside client check' }),
      });
    expect((await change(40, 'prize-1')).status).toBe(200);
    const spent = await change(-15, 'shop-1');
    expect(spent.status).toBe(200);
    expect(await spent.json()).toMatchObject({ balance: 25 });
    const mine = await fetch(`${site.url}/api/user/tokens`, { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ tokens: 25 });
  }, 60_000);

  it('the CLI gets in beside the site, and refuses to restore under it', async () => {
    const file = join(dataDir, 'beside.backup.gz');
    const backedUp = await runCli(['db', 'backup', file], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(backedUp.code).toBe(0);
    const restored = await runCli(['db', 'restore', file, '--force'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(restored.code).toBe(5);
    expect(restored.stderr).toContain(`a running site serves the embedded database in ${dataDir}: stop it`);
  }, 120_000);
});
