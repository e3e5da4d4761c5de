import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DatabaseTarget = 'pglite' | 'postgres';

/** In CI (CI=true) a suite that needs the real Postgres runs, and fails without it, instead of being skipped. */
const inCi = process.env.CI === 'true';

/** PGlite always; the real Postgres too when DATABASE_URL names one, and always in CI. */
export function databaseTargets(): DatabaseTarget[] {
  return process.env.DATABASE_URL || inCi ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  /** undefined means a fresh in-memory embedded database */
  url: string | undefined;
  drop(): Promise<void>;
}

/** where the global set-up tells the test files the name of the migrated database on the real server */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

/**
 * Where a test server runs unless its test names a target: on the real Postgres when DATABASE_URL names one (CI),
 * else on the embedded database. The repository contract suites run every store on both (and in memory), and the
 * tests of the embedded database itself name it; a server's own work costs a fraction on the real one.
 */
export function serverTarget(): DatabaseTarget {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the real server, empty, or with
 * `migrated` a copy of the run's migrated one (see ensurePostgresTemplate).
 */
export async function createTestDatabase(
  target: DatabaseTarget,
  adminUrl = process.env.DATABASE_URL,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (target === 'pglite') return { url: undefined, drop: async () => {} };
  if (!adminUrl) throw new Error('DATABASE_URL is not set: cannot use the real Postgres');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  await admin(adminUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * The real server's migrated database the test servers' databases are copied from, made once per change of the
 * migrations (`key`): a copy is made in a few milliseconds of the server's time, where migrating costs seconds.
 * Made under another name and renamed when whole, so a run cut short never leaves a half-migrated one.
 */
export async function ensurePostgresTemplate(key: string, adminUrl = process.env.DATABASE_URL): Promise<string> {
  if (!adminUrl) throw new Error('DATABASE_URL is not set: cannot use the real Postgres');
  const name = `test_template_${key}`;
  const existing = await adminQuery(adminUrl, `select datname from pg_database where datname like 'test_template_%'`);
  if (existing.some((row) => row.datname === name)) return name;
  for (const { datname } of existing) await admin(adminUrl, `drop database if exists "${datname}" with (force)`);
  const { Database } = await import('../../adapters/persistence/database.ts');
  const partial = await createTestDatabase('postgres', adminUrl);
  const database = await Database.open({ url: partial.url, dataDir: 'memory' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const partialName = new URL(partial.url!).pathname.slice(1);
  try {
    await admin(adminUrl, `alter database "${partialName}" rename to "${name}"`);
  } catch (error) {
    // another run made it meanwhile
    await partial.drop();
    if (!(await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`)).length) throw error;
  }
  return name;
}

async function admin(url: string, sql: string): Promise<void> {
  await adminQuery(url, sql);
}

async function adminQuery(url: string, sql: string): Promise<Array<Record<string, string>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The real Postgres server: DATABASE_URL when set (CI), else the local one on 5432. */
export const REAL_POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** Whether the real Postgres answers; tests that need it are skipped when it does not, except in CI, where they run and fail. */
export async function realPostgresReachable(): Promise<boolean> {
  if (inCi) return true;
  const probe = new pg.Client({ connectionString: REAL_POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}
