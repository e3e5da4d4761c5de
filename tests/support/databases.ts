import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DatabaseTarget = 'pglite' | 'postgres';

/** PGlite always; the real Postgres too when DATABASE_URL names one (CI sets it). */
export function databaseTargets(): DatabaseTarget[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  /** undefined means a fresh in-memory embedded database */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new database on the real server. */
export async function createTestDatabase(target: DatabaseTarget): Promise<TestDatabase> {
  if (target === 'pglite') return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.DATABASE_URL;
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
