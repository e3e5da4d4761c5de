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

/** A fresh, empty database for one test file: in-memory PGlite, or a new database on the real server. */
export async function createTestDatabase(
  target: DatabaseTarget,
  adminUrl = process.env.DATABASE_URL,
): Promise<TestDatabase> {
  if (target === 'pglite') return { url: undefined, drop: async () => {} };
  if (!adminUrl) throw new Error('DATABASE_URL is not set: cannot use the real Postgres');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
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
