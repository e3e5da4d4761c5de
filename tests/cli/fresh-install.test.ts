import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliInProcess } from '../support/cli.ts';
import {
  createTestDatabase,
  REAL_POSTGRES_URL,
  realPostgresReachable,
  type TestDatabase,
} from '../support/databases.ts';

const MIGRATE_HINT = 'npm run cli -- db migrate';
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-fresh-'));
  dataDirs.push(dir);
  return dir;
}

describe('a fresh clone, before the site ever started', () => {
  it('every listing works on a new embedded data directory: the CLI migrates it', async () => {
    // as its own process, as a new admin runs it; no DATABASE_URL, whatever this shell has
    const commands: [string[], string][] = [
      [['users', 'list'], 'No users yet.\n'],
      [['delivery', 'list'], 'No deliveries yet.\n'],
      [['purchases', 'list'], 'No purchases yet.\n'],
    ];
    const results = await Promise.all(
      commands.map(([args]) => runCli(args, { DATA_DIR: freshDataDir(), DATABASE_URL: undefined })),
    );
    results.forEach((result, i) => {
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(commands[i]![1]);
      expect(result.code).toBe(0);
    });
  }, 180_000);
});

describe('a database named by DATABASE_URL', () => {
  it('that does not answer: exit 7 with one line', async () => {
    const result = await runCliInProcess(['users', 'list'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/bayou' });
    expect(result.code).toBe(7);
    expect(result.stderr).toBe('Error: cannot reach the database (connect ECONNREFUSED 127.0.0.1:1)\n');
    expect(result.stdout).toBe('');
  });
});

const postgresUp = await realPostgresReachable();

describe.runIf(postgresUp)('a new, empty database on the real Postgres', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    env = { DATABASE_URL: database.url! };
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function sql<T extends pg.QueryResultRow>(query: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(query)).rows;
    } finally {
      await client.end();
    }
  }

  it("is not migrated behind the admin's back: commands name the one that migrates, and exit 7", async () => {
    for (const args of [
      ['users', 'list'],
      ['delivery', 'list'],
      ['purchases', 'list', '--csv'],
    ]) {
      const result = await runCliInProcess(args, env);
      expect(result.code).toBe(7);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^Error: the database schema is behind \(\d+ migrations are not applied\); apply them with: npm run cli -- db migrate\n$/,
      );
      expect(result.stderr).toContain(MIGRATE_HINT);
    }
    expect(await sql(`select to_regclass('users') as t, to_regclass('schema_migrations') as m`)).toEqual([
      { t: null, m: null },
    ]);
  });

  it('db status lists the pending migrations, db migrate applies them, and the commands then work', async () => {
    const status = await runCliInProcess(['db', 'status'], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^Pending migrations:\n {2}Migration\d+UsersAndSessions\n/);
    const migrate = await runCliInProcess(['db', 'migrate'], env);
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toMatch(/^Applied \d+ migration\(s\):/);
    const users = await runCliInProcess(['users', 'list'], env);
    expect(users).toEqual({ code: 0, stdout: 'No users yet.\n', stderr: '' });
  });

  it('reports a statement the database refuses in one line, without its SQL', async () => {
    await sql('drop table "users" cascade');
    const result = await runCliInProcess(['users', 'list'], env);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      expect.stringMatching(/^Error: the database refused the request \(relation "users" does not exist\)/),
      '',
    ]);
    expect(result.stderr).not.toMatch(/select|"u0"/i);
  });
});
