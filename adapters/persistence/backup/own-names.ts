import type { RawSql } from '../database.ts';
import { BackupError } from './backup-error.ts';
import { type BackupHeader, readBackupEntries, type TableStart } from './backup-format.ts';
import { backedUpSequences, backedUpTables } from './tables.ts';

/** What a backup names: its tables with their columns, and its sequences. */
export interface BackupNames {
  tables: TableStart[];
  sequences: string[];
}

/** Reads the whole file, checking it as it goes (its checksum at the end), for the names it holds. */
export async function namesIn(file: string): Promise<BackupNames> {
  const names: BackupNames = { tables: [], sequences: [] };
  for await (const entry of readBackupEntries(file)) {
    if (entry.kind === 'table') names.tables.push(entry.table);
    else if (entry.kind === 'sequences') names.sequences.push(...entry.sequences.map((sequence) => sequence.name));
  }
  return names;
}

/**
 * The site's own tables, columns and sequences at a backup's schema, read from the schema the site's migrations
 * (those the backup names, every one known to this site) have just built: never from the file. A name in the
 * backup that is not among them is refused, so a file cannot write into PostgreSQL's catalogs or a table the
 * migrations did not make.
 */
export class OwnNames {
  private constructor(
    private readonly tables: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly sequences: ReadonlySet<string>,
    private readonly file: string,
    private readonly header: BackupHeader,
  ) {}

  /** The names in the connection's current schema, which the backup's migrations have built. */
  static async read(sql: RawSql, file: string, header: BackupHeader): Promise<OwnNames> {
    const tables = new Map((await backedUpTables(sql)).map(({ table, columns }) => [table, new Set(columns)]));
    return new OwnNames(tables, new Set(await backedUpSequences(sql)), file, header);
  }

  /** Refuses the backup if any name in it is not the site's, or a table comes twice. */
  checkAll(names: BackupNames): void {
    const seen = new Set<string>();
    for (const table of names.tables) {
      this.checkTable(table);
      if (seen.has(table.table)) throw this.refusal('UNKNOWN_TABLE', `holds the table ${shown(table.table)} twice`);
      seen.add(table.table);
    }
    for (const sequence of names.sequences) this.checkSequence(sequence);
  }

  checkTable({ table, columns }: TableStart): void {
    const own = this.tables.get(table);
    if (!own)
      throw this.refusal(
        'UNKNOWN_TABLE',
        `names a table ${shown(table)} that is not one of this site's tables at schema ${this.header.schema}`,
      );
    const unknown = columns.find((column) => !own.has(column));
    if (unknown !== undefined)
      throw this.refusal(
        'UNKNOWN_COLUMN',
        `names a column ${shown(unknown)} in table ${shown(table)} that this site's table does not have at schema ${this.header.schema}`,
      );
    if (new Set(columns).size !== columns.length)
      throw this.refusal('UNKNOWN_COLUMN', `names a column twice in table ${shown(table)}`);
  }

  checkSequence(name: string): void {
    if (!this.sequences.has(name))
      throw this.refusal(
        'UNKNOWN_SEQUENCE',
        `names a sequence ${shown(name)} that is not one of this site's at schema ${this.header.schema}`,
      );
  }

  private refusal(code: 'UNKNOWN_TABLE' | 'UNKNOWN_COLUMN' | 'UNKNOWN_SEQUENCE', what: string): BackupError {
    return new BackupError(code, `${this.file} ${what}: restore refused, no row was written`);
  }
}

/** A name from the file as the message shows it: quoted, escaped, and cut short if long. */
function shown(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}...` : name);
}
