import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerCount } from '../../adapters/http/main.ts';
import {
  createTestDatabase,
  realPostgresReachable,
  REAL_POSTGRES_URL,
  type TestDatabase,
} from '../support/databases.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { cookieHeader, randomDiscordId } from '../support/session.ts';

describe('WEB_CONCURRENCY', () => {
  it('uses every core on a shared Postgres, one process on the embedded database, and refuses a bad setting', () => {
    expect(workerCount(undefined, false)).toBe(1);
    expect(workerCount(undefined, true)).toBeGreaterThanOrEqual(1);
    expect(workerCount('3', true)).toBe(3);
    expect(() => workerCount('2', false)).toThrow('WEB_CONCURRENCY above 1 needs DATABASE_URL');
    expect(() => workerCount('zero', true)).toThrow("WEB_CONCURRENCY must be a whole number from 1 (got 'zero')");
  });
});

const reachable = await realPostgresReachable();

describe.skipIf(!reachable)('two workers on one port (node:cluster) on the real Postgres', () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: ServerProcess;
  const adminDiscordId = randomDiscordId();

  beforeAll(async () => {
    database = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    dataDir = mkdtempSync(join(tmpdir(), 'bayou-workers-'));
    server = await startServerProcess({
      DATABASE_URL: database.url as string,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'one-secret-shared-by-every-worker-0123456789',
      WEB_CONCURRENCY: '2',
      ADMIN_DISCORD_IDS: adminDiscordId,
    });
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a revoked API token on the next request, whichever worker answers it', async () => {
    const signIn = await fetch(`${server.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ username: 'Token Admin', discordId: adminDiscordId }),
    });
    const cookie = cookieHeader(signIn);
    const made = await fetch(`${server.url}/api/api-tokens`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ name: 'Both workers', scopes: ['players:read'] }),
    });
    expect(made.status).toBe(201);
    const { token, secret } = await made.json();
    // a new connection each time: the cluster hands connections to its workers in turn
    const statuses = async () => {
      const seen: number[] = [];
      for (let i = 0; i < 8; i++) {
        const read = await fetch(`${server.url}/api/v1/players/${adminDiscordId}`, {
          headers: { authorization: `Bearer ${secret}`, connection: 'close' },
        });
        seen.push(read.status);
      }
      return seen;
    };
    expect(await statuses()).toEqual(Array(8).fill(200));
    const revoked = await fetch(`${server.url}/api/api-tokens/${token.id}/revoke`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', connection: 'close' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    expect(await statuses()).toEqual(Array(8).fill(401));
  }, 30_000);

  it('answers from both workers, which share sessions; SIGTERM stops them all', async () => {
    expect(server.output()).toContain('2 workers');
    const seen = new Set<number>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const health = await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } });
      seen.add((await health.json()).worker);
    }
    expect([...seen].sort()).toEqual([0, 1]);
    const signIn = await fetch(`${server.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ username: 'Both Workers', discordId: randomDiscordId() }),
    });
    const cookie = cookieHeader(signIn);
    for (let i = 0; i < 4; i++) {
      const me = await fetch(`${server.url}/api/auth/user`, { headers: { cookie, connection: 'close' } });
      expect(me.status).toBe(200);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 30_000);
});
