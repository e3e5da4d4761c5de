import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/pglite-template.ts';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { createLogger } from '../../adapters/logger.ts';
import type { CliResult } from '../support/cli.ts';

// More users than a pipe holds (64 KiB): the CLI is still writing when `head` has gone.
const USERS = 3000;
const dataDir = migratedDataDir('cli-epipe-');
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;

beforeAll(async () => {
  const system = await composeSystem(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
    dataDir,
    logger: createLogger('silent'),
  });
  try {
    await system.database.query(
      `insert into users (id, discord_id, discord_username, created_at, updated_at)
       select gen_random_uuid(), (100000000000 + n)::text, 'player' || n, now(), now() from generate_series(1, ?) as n`,
      [USERS],
    );
  } finally {
    await system.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a shell line; its exit code and stderr are what the test reads. */
function shell(line: string): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', line], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

describe('the CLI piped into head', () => {
  it('ends quietly with exit 0 when head stops reading, and leaves the database closed', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash expansion for the shell, not a template
    const piped = await shell('node scripts/cli.mjs users list | head -n 2; exit "${PIPESTATUS[0]}"');
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n')).toHaveLength(3);
    // the embedded database was closed cleanly: the next command opens it and sees every user
    const all = await shell(
      `node scripts/cli.mjs users list --json | node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(JSON.parse(s).length))"`,
    );
    expect(all.stderr).toBe('');
    expect(all.stdout.trim()).toBe(String(USERS));
  }, 120_000);

  it('ends quietly when the reader is gone before the first line (no database involved)', async () => {
    const result = await new Promise<CliResult>((done, fail) => {
      const child = spawn(process.execPath, ['scripts/cli.mjs', '--help'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', fail);
      child.on('close', (code) => done({ code: code ?? 1, stdout: '', stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});
