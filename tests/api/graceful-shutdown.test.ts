import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import {
  createTestDatabase,
  realPostgresReachable,
  REAL_POSTGRES_URL,
  type TestDatabase,
} from '../support/databases.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { cookieHeader, randomDiscordId } from '../support/session.ts';

const reachable = await realPostgresReachable();
if (!reachable) console.warn(`Two-process tests skipped: the real Postgres at ${REAL_POSTGRES_URL} does not answer.`);

describe.skipIf(!reachable)('two server processes on one Postgres, and a graceful stop on SIGTERM', () => {
  let database: TestDatabase;
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    dataDir = mkdtempSync(join(tmpdir(), 'bayou-processes-'));
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'one-secret-shared-by-every-process-0123456789',
    };
    // both start at once on an empty database: one migrates, the other waits for it
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);

  afterAll(async () => {
    for (const server of [first, second]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares sign-ins and writes: a session made on one is honoured by the other', async () => {
    const discordId = randomDiscordId();
    const signIn = await fetch(`${first.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Two Doors', discordId }),
    });
    expect(signIn.status).toBe(200);
    cookie = cookieHeader(signIn);
    const me = await fetch(`${second.url}/api/auth/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).discordId).toBe(discordId);

    const submitted = await fetch(`${second.url}/api/applications`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(whitelistAnswers()),
    });
    expect(submitted.status).toBe(201);
    const { id } = await submitted.json();
    const mine = await fetch(`${first.url}/api/applications/mine`, { headers: { cookie } });
    expect(JSON.stringify(await mine.json())).toContain(id);
  });

  it('on SIGTERM stops accepting, finishes the request in flight, closes the pool and exits 0; the other keeps serving', async () => {
    // a session the first process has not read yet (one it has read it answers from memory)
    const held = await fetch(`${first.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Held Request', discordId: randomDiscordId() }),
    });
    const heldCookie = cookieHeader(held);
    // a request held inside the database: the users table is locked until this test lets go
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table "users" in access exclusive mode');
      const inFlight = fetch(`${first.url}/api/auth/user`, { headers: { cookie: heldCookie } });
      await waitFor(async () => (await backendsOf(locker, 'Lock')) > 0, 5000);

      first.child.kill('SIGTERM');
      await waitFor(
        async () =>
          await fetch(`${first.url}/api/catalogue`).then(
            () => false,
            () => true,
          ),
        5000,
      );
      expect(first.child.exitCode).toBeNull();

      await locker.query('rollback');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      // answered while stopping: the connection is not kept for another request
      expect(answer.headers.get('connection')).toBe('close');
      expect((await answer.json()).username).toBe('Held Request');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('shutting down');
    } finally {
      await locker.end();
    }

    const still = await fetch(`${second.url}/api/auth/user`, { headers: { cookie } });
    expect(still.status).toBe(200);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // both pools are closed: nothing of either process stays connected
    const left = new pg.Client({ connectionString: REAL_POSTGRES_URL });
    await left.connect();
    try {
      expect(await backendsOf(left, undefined, new URL(database.url!).pathname.slice(1))).toBe(0);
    } finally {
      await left.end();
    }
  }, 30_000);
});

/** Connections to this test's database other than the asking one, optionally only those waiting on `waitEvent`. */
async function backendsOf(client: pg.Client, waitEventType?: string, datname?: string): Promise<number> {
  const result = await client.query<{ count: string }>(
    `select count(*) from pg_stat_activity where datname = coalesce($1, current_database()) and pid <> pg_backend_pid() and ($2::text is null or wait_event_type = $2)`,
    [datname ?? null, waitEventType ?? null],
  );
  return Number(result.rows[0].count);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
