import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database, RawSql } from '../database.ts';
import { MIGRATION_NAMES, MIGRATIONS_TABLE } from '../migrations/names.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  backupChecksum,
  backupLine,
} from './backup-format.ts';
import { backedUpSequences, backedUpTables, quoted } from './tables.ts';
import { siteVersion } from './site-version.ts';

export interface BackupSummary {
  file: string;
  schema: string;
  tables: number;
  rows: number;
  bytes: number;
}

/** rows fetched from a table's cursor at a time */
const BATCH = 1_000;

/**
 * Writes the whole database to `file` (see backup-format.ts) from one REPEATABLE READ, read-only transaction: every
 * table as of one moment while the site goes on writing. The file appears under its name only once complete.
 */
export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const counts = { schema: '', tables: 0, rows: 0 };
  try {
    await database.withRawConnection(async (sql) => {
      await sql('begin isolation level repeatable read, read only');
      try {
        await pipeline(
          Readable.from(backupLines(sql, database.onPglite, counts)),
          createGzip(),
          createWriteStream(partial, { mode: 0o600 }),
        );
      } finally {
        await sql('rollback');
      }
    });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, ...counts, bytes: statSync(file).size };
}

async function* backupLines(
  sql: RawSql,
  embedded: boolean,
  counts: { schema: string; tables: number; rows: number },
): AsyncGenerator<string> {
  const checksum = backupChecksum();
  const counted = (text: string) => {
    checksum.update(text);
    return text;
  };
  const migrations = await appliedMigrations(sql);
  counts.schema = migrations.at(-1) ?? '';
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    schema: counts.schema,
    migrations,
    siteVersion: siteVersion(),
    createdAt: new Date().toISOString(),
    source: {
      database: embedded ? 'embedded' : 'postgres',
      serverVersion: (await sql('show server_version')).rows[0][0] ?? 'unknown',
    },
  };
  yield counted(backupLine(header));
  for (const table of await backedUpTables(sql)) {
    yield counted(backupLine(table));
    counts.tables++;
    await sql(
      `declare backup_rows no scroll cursor for select ${table.columns.map(quoted).join(', ')} from ${quoted(table.table)}`,
    );
    for (;;) {
      const { rows } = await sql(`fetch ${BATCH} from backup_rows`);
      if (rows.length === 0) break;
      counts.rows += rows.length;
      yield counted(rows.map((row) => backupLine(row)).join(''));
    }
    await sql('close backup_rows');
  }
  yield counted(backupLine({ sequences: await sequences(sql) }));
  yield backupLine({ end: true, tables: counts.tables, rows: counts.rows, sha256: checksum.digest('hex') });
}

/** Applied migrations in the order this site lists them; any it does not know (a newer site's) after, as applied. */
async function appliedMigrations(sql: RawSql): Promise<string[]> {
  const present = await sql(`select to_regclass('${MIGRATIONS_TABLE}') is not null`);
  if (present.rows[0][0] !== 't') return [];
  const applied = (await sql(`select name from ${MIGRATIONS_TABLE} order by id`)).rows.map(([name]) => name ?? '');
  const known: readonly string[] = MIGRATION_NAMES;
  return [...known.filter((name) => applied.includes(name)), ...applied.filter((name) => !known.includes(name))];
}

async function sequences(sql: RawSql): Promise<Array<{ name: string; lastValue: string; isCalled: boolean }>> {
  const values = [];
  for (const name of await backedUpSequences(sql)) {
    const [[lastValue, isCalled]] = (await sql(`select last_value, is_called from ${quoted(name)}`)).rows;
    values.push({ name, lastValue: lastValue ?? '1', isCalled: isCalled === 't' });
  }
  return values;
}
