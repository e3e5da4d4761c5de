import type { Database, RawSql } from '../database.ts';
import { MIGRATION_NAMES } from '../migrations/names.ts';
import { BackupError } from './backup-error.ts';
import { type BackupHeader, CHECKSUM_FORMAT_VERSION, readBackupEntries, readBackupHeader } from './backup-format.ts';
import { type BackupNames, namesIn, OwnNames } from './own-names.ts';
import { RowWriter } from './row-writer.ts';
import { inSchema, MAINTAINED_BY_TRIGGERS, NOT_BACKED_UP, quoted } from './tables.ts';

export interface RestoreSummary {
  header: BackupHeader;
  tables: number;
  rows: number;
  /** the target held tables (empty ones, or data replaced with force) that were dropped first */
  replaced: boolean;
  /** the backup carried no checksum (written before backups had one) and was restored as allowed */
  unchecked: boolean;
}

/**
 * Restores a backup into `database`: checks the whole file first (its checksum, unless it predates them and
 * `allowUnchecked`), refuses a schema this site does not know and a target that holds data (unless `force`), then
 * builds the backup's schema with the site's own migrations, refuses any table, column or sequence that schema does
 * not have, and inserts every row and sequence value in one transaction. No row is written before the checks pass,
 * and data `force` replaces is put back if the restore fails.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { force: boolean; allowUnchecked?: boolean },
): Promise<RestoreSummary> {
  const header = await readBackupHeader(file);
  const known: readonly string[] = MIGRATION_NAMES;
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new BackupError(
      'NEWER_SCHEMA',
      `${file} was made by a newer site (version ${header.siteVersion}, schema ${header.schema}); this site knows schemas up to ${known.at(-1)}: restore it with version ${header.siteVersion} or later`,
    );
  const unchecked = header.formatVersion < CHECKSUM_FORMAT_VERSION;
  if (unchecked && !options.allowUnchecked)
    throw new BackupError(
      'NO_CHECKSUM',
      `${file} carries no checksum: site ${header.siteVersion} wrote it before backups had one, so a change made to it since cannot be found; if it is the file the site wrote, restore it with --allow-unchecked`,
    );
  const names = await namesIn(file); // the whole file is read, and its checksum checked, before the target is touched

  const target = await database.withRawConnection(async (sql) => {
    const holding = await tablesHoldingRows(sql);
    if (holding.length > 0 && !options.force)
      throw new BackupError(
        'TARGET_NOT_EMPTY',
        `the target database holds data (${holding.join(', ')}); restore into an empty one, or add --force to replace everything in it`,
      );
    const [[current]] = (await sql('select current_schema()')).rows;
    const name = current ?? 'public';
    const schema = quoted(name);
    if ((await tableNames(sql)).length === 0) return { name, schema, replaced: false, setAside: undefined };
    if (holding.length === 0) {
      // tables a site made, without data: built again by the restore's migrations
      await sql(`drop schema ${schema} cascade; create schema ${schema}`);
      return { name, schema, replaced: true, setAside: undefined };
    }
    // data replaced with --force is set aside until the restore has committed, and put back if it fails
    const setAside = quoted(`${name}_before_restore_${Date.now()}`);
    await sql(`alter schema ${schema} rename to ${setAside}; create schema ${schema}`);
    return { name, schema, replaced: true, setAside };
  });
  try {
    const counts = await restoreInto(database, file, header, names, target.name);
    if (target.setAside) await database.withRawConnection((sql) => sql(`drop schema ${target.setAside} cascade`));
    return { header, ...counts, replaced: target.replaced, unchecked };
  } catch (error) {
    if (target.setAside)
      await database.withRawConnection((sql) =>
        sql(`drop schema ${target.schema} cascade; alter schema ${target.setAside} rename to ${target.schema}`),
      );
    throw error;
  }
}

/**
 * The backup's schema built by the site's migrations, its names checked against the backup's, then every row and
 * sequence value in one transaction.
 */
async function restoreInto(database: Database, file: string, header: BackupHeader, names: BackupNames, schema: string) {
  if (header.migrations.length > 0) await (await database.migrator()).up({ migrations: header.migrations });
  return database.withRawConnection(async (sql) => {
    await sql('begin');
    try {
      const own = await OwnNames.read(sql, file, header);
      own.checkAll(names);
      const rows = new RowWriter(sql, schema, own);
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

async function tableNames(sql: RawSql): Promise<string[]> {
  const { rows } = await sql(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map(([name]) => name ?? '');
}

/** The tables with rows, leaving out those a site fills by itself (migrations, the change log, trigger counts). */
async function tablesHoldingRows(sql: RawSql): Promise<string[]> {
  const [[current]] = (await sql('select current_schema()')).rows;
  const schema = current ?? 'public';
  const ignored = [...NOT_BACKED_UP, ...MAINTAINED_BY_TRIGGERS];
  const holding: string[] = [];
  for (const table of await tableNames(sql)) {
    if (ignored.includes(table)) continue;
    const [[any]] = (await sql(`select exists (select 1 from ${inSchema(schema, table)})`)).rows;
    if (any === 't') holding.push(table);
  }
  return holding;
}
