import type { RawSql } from '../database.ts';
import { BackupError } from './backup-error.ts';
import type { SequenceValue, TableStart } from './backup-format.ts';
import type { OwnNames } from './own-names.ts';
import { inSchema, MAINTAINED_BY_TRIGGERS, quoted } from './tables.ts';

/** rows sent in one INSERT */
const BATCH = 500;

/**
 * A backup's rows into their tables in the target schema, as INSERTs of up to BATCH rows each, and its sequences'
 * values. Every name is checked against the site's own again as it comes (the file is read a second time) and
 * written qualified by the schema.
 */
export class RowWriter {
  readonly counts = { tables: 0, rows: 0 };
  private insert = '';
  private values: string[] = [];

  constructor(
    private readonly sql: RawSql,
    private readonly schema: string,
    private readonly own: OwnNames,
  ) {}

  async startTable(start: TableStart): Promise<void> {
    await this.flush();
    this.own.checkTable(start);
    const { table, columns } = start;
    if (MAINTAINED_BY_TRIGGERS.includes(table)) await this.sql(`delete from ${inSchema(this.schema, table)}`);
    this.insert = `insert into ${inSchema(this.schema, table)} (${columns.map(quoted).join(', ')}) overriding system value values`;
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
      this.own.checkSequence(name);
      if (!/^-?\d+$/.test(lastValue)) throw new BackupError('NOT_A_BACKUP', `sequence ${name} has no whole value`);
      await this.sql(
        `select setval(${literal(inSchema(this.schema, name))}, ${lastValue}, ${isCalled ? 'true' : 'false'})`,
      );
    }
  }
}

/** A value as an SQL literal of unknown type, which the column it goes into reads (standard_conforming_strings on). */
function literal(value: string | null): string {
  return value === null ? 'null' : `'${value.replaceAll("'", "''")}'`;
}
