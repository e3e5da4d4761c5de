import type { Database, RawSql } from '../database.ts';
import { MIGRATION_NAMES, MIGRATIONS_TABLE } from '../migrations/names.ts';
import { BackupError } from './backup-error.ts';
import { type BackupHeader, readBackupEntries, readBackupHeader, type SequenceValue } from './backup-format.ts';
import { KEPT_BY_TRIGGERS, NOT_BACKED_UP, quoted } from './tables.ts';

export interface RestoreSummary {
  header: BackupHeader;
  tables: number;
  rows: number;
  /** the target held tables (empty ones, or data replaced with force) that were dropped first */
  replaced: boolean;
}

/** rows sent in one INSERT */
const BATCH = 500;

/**
 * Restores a backup into `database`: checks the whole file first, refuses a schema this site does not know and a
 * target that holds data (unless `force`), then builds the backup's schema with the site's own migrations and
 * inserts every row and sequence value in one transaction. Nothing in the target changes before the checks pass.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { force: boolean },
): Promise<RestoreSummary> {
  const header = await readBackupHeader(file);
  const known: readonly string[] = MIGRATION_NAMES;
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new BackupError(
      'NEWER_SCHEMA',
      `${file} was made by a newer site (version ${header.siteVersion}, schema ${header.schema}); this site knows schemas up to ${known.at(-1)}: restore it with version ${header.siteVersion} or later`,
    );
  for await (const _ of readBackupEntries(file)); // the whole file is read before the target is touched

  const replaced = await database.withRawConnection(async (sql) => {
    const holding = await tablesHoldingRows(sql);
    if (holding.length > 0 && !options.force)
      throw new BackupError(
        'TARGET_NOT_EMPTY',
        `the target database holds data (${holding.join(', ')}); restore into an empty one, or add --force to replace everything in it`,
      );
    const tables = (await tableNames(sql)).length;
    if (tables > 0) {
      const [[schema]] = (await sql('select current_schema()')).rows;
      await sql(`drop schema ${quoted(schema ?? 'public')} cascade; create schema ${quoted(schema ?? 'public')}`);
    }
    return tables > 0;
  });
  if (header.migrations.length > 0) await (await database.migrator()).up({ migrations: header.migrations });

  let tables = 0;
  let rows = 0;
  await database.withRawConnection(async (sql) => {
    await sql('begin');
    try {
      let insert: { prefix: string; values: string[] } | undefined;
      const flush = async () => {
        if (insert && insert.values.length > 0) await sql(`${insert.prefix} ${insert.values.join(', ')}`);
        if (insert) insert.values = [];
      };
      for await (const entry of readBackupEntries(file)) {
        if (entry.kind === 'row') {
          insert!.values.push(`(${entry.values.map(literal).join(', ')})`);
          rows++;
          if (insert!.values.length >= BATCH) await flush();
        } else if (entry.kind === 'table') {
          await flush();
          const { table, columns } = entry.table;
          if (KEPT_BY_TRIGGERS.includes(table)) await sql(`delete from ${quoted(table)}`);
          insert = {
            prefix: `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) overriding system value values`,
            values: [],
          };
          tables++;
        } else {
          await flush();
          await setSequences(sql, entry.sequences);
        }
      }
      await flush();
      await sql('commit');
    } catch (error) {
      await sql('rollback');
      throw error;
    }
  });
  return { header, tables, rows, replaced };
}

async function tableNames(sql: RawSql): Promise<string[]> {
  const { rows } = await sql(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map(([name]) => name ?? '');
}

/** The tables with rows, leaving out those a site fills by itself (migrations, the change log, trigger counts). */
async function tablesHoldingRows(sql: RawSql): Promise<string[]> {
  const ignored = [...NOT_BACKED_UP, ...KEPT_BY_TRIGGERS, MIGRATIONS_TABLE];
  const holding: string[] = [];
  for (const table of await tableNames(sql)) {
    if (ignored.includes(table)) continue;
    const [[any]] = (await sql(`select exists (select 1 from ${quoted(table)})`)).rows;
    if (any === 't') holding.push(table);
  }
  return holding;
}

async function setSequences(sql: RawSql, sequences: SequenceValue[]): Promise<void> {
  for (const { name, lastValue, isCalled } of sequences) {
    if (!/^-?\d+$/.test(lastValue)) throw new BackupError('NOT_A_BACKUP', `sequence ${name} has no whole value`);
    await sql(`select setval(${literal(quoted(name))}, ${lastValue}, ${isCalled ? 'true' : 'false'})`);
  }
}

/** A value as an SQL literal of unknown type, which the column it goes into reads (standard_conforming_strings on). */
function literal(value: string | null): string {
  return value === null ? 'null' : `'${value.replaceAll("'", "''")}'`;
}
