import type { Database, RawSql } from '../database.ts';
import { MIGRATION_NAMES } from '../migrations/names.ts';
import { BackupError } from './backup-error.ts';
import {
  type BackupHeader,
  readBackupEntries,
  readBackupHeader,
  type SequenceValue,
  type TableStart,
} from './backup-format.ts';
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
 * inserts every row and sequence value in one transaction. Nothing in the target changes before the checks pass,
 * and data `force` replaces is put back if the restore fails.
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

  const target = await database.withRawConnection(async (sql) => {
    const holding = await tablesHoldingRows(sql);
    if (holding.length > 0 && !options.force)
      throw new BackupError(
        'TARGET_NOT_EMPTY',
        `the target database holds data (${holding.join(', ')}); restore into an empty one, or add --force to replace everything in it`,
      );
    const [[current]] = (await sql('select current_schema()')).rows;
    const schema = quoted(current ?? 'public');
    if ((await tableNames(sql)).length === 0) return { schema, replaced: false, kept: undefined };
    if (holding.length === 0) {
      // tables a site made, without data: built again by the restore's migrations
      await sql(`drop schema ${schema} cascade; create schema ${schema}`);
      return { schema, replaced: true, kept: undefined };
    }
    // data replaced with --force is kept aside until the restore has committed, and put back if it fails
    const kept = quoted(`${current ?? 'public'}_before_restore_${Date.now()}`);
    await sql(`alter schema ${schema} rename to ${kept}; create schema ${schema}`);
    return { schema, replaced: true, kept };
  });
  try {
    const counts = await restoreInto(database, file, header);
    if (target.kept) await database.withRawConnection((sql) => sql(`drop schema ${target.kept} cascade`));
    return { header, ...counts, replaced: target.replaced };
  } catch (error) {
    if (target.kept)
      await database.withRawConnection((sql) =>
        sql(`drop schema ${target.schema} cascade; alter schema ${target.kept} rename to ${target.schema}`),
      );
    throw error;
  }
}

/** The backup's schema built by the site's migrations, then every row and sequence value in one transaction. */
async function restoreInto(database: Database, file: string, header: BackupHeader) {
  if (header.migrations.length > 0) await (await database.migrator()).up({ migrations: header.migrations });
  return database.withRawConnection(async (sql) => {
    await sql('begin');
    try {
      const rows = new RowWriter(sql);
      for await (const entry of readBackupEntries(file)) {
        if (entry.kind === 'row') await rows.add(entry.values);
        else if (entry.kind === 'table') await rows.startTable(entry.table);
        else await rows.setSequences(entry.sequences);
      }
      await rows.flush();
      await sql('commit');
      return rows.counts;
    } catch (error) {
      await sql('rollback');
      throw error;
    }
  });
}

/** A backup's rows into their tables, as INSERTs of up to BATCH rows each, and its sequences' values. */
class RowWriter {
  readonly counts = { tables: 0, rows: 0 };
  private insert = '';
  private values: string[] = [];

  constructor(private readonly sql: RawSql) {}

  async startTable({ table, columns }: TableStart): Promise<void> {
    await this.flush();
    if (KEPT_BY_TRIGGERS.includes(table)) await this.sql(`delete from ${quoted(table)}`);
    this.insert = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) overriding system value values`;
    this.counts.tables++;
  }

  async add(values: Array<string | null>): Promise<void> {
    this.values.push(`(${values.map(literal).join(', ')})`);
    this.counts.rows++;
    if (this.values.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.values.length > 0) await this.sql(`${this.insert} ${this.values.join(', ')}`);
    this.values = [];
  }

  async setSequences(sequences: SequenceValue[]): Promise<void> {
    await this.flush();
    for (const { name, lastValue, isCalled } of sequences) {
      if (!/^-?\d+$/.test(lastValue)) throw new BackupError('NOT_A_BACKUP', `sequence ${name} has no whole value`);
      await this.sql(`select setval(${literal(quoted(name))}, ${lastValue}, ${isCalled ? 'true' : 'false'})`);
    }
  }
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
  const ignored = [...NOT_BACKED_UP, ...KEPT_BY_TRIGGERS];
  const holding: string[] = [];
  for (const table of await tableNames(sql)) {
    if (ignored.includes(table)) continue;
    const [[any]] = (await sql(`select exists (select 1 from ${quoted(table)})`)).rows;
    if (any === 't') holding.push(table);
  }
  return holding;
}

/** A value as an SQL literal of unknown type, which the column it goes into reads (standard_conforming_strings on). */
function literal(value: string | null): string {
  return value === null ? 'null' : `'${value.replaceAll("'", "''")}'`;
}
