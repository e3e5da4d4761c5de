import type { RawSql } from '../database.ts';
import { MIGRATIONS_TABLE } from '../migrations/names.ts';
import type { TableStart } from './backup-format.ts';

/**
 * Tables a backup leaves out: the migrations table (the header names the schema, and a restore's own migrations
 * fill it) and the triggers' short-lived log of changes for other processes' caches (pruned after minutes).
 */
export const NOT_BACKED_UP = [MIGRATIONS_TABLE, 'cache_invalidations'];

/**
 * Tables the database's own triggers keep (counts by status): a restore's inserts make triggers write them again,
 * so their backed-up rows replace what the triggers wrote, once every other row is in.
 */
export const MAINTAINED_BY_TRIGGERS = ['status_counts'];

export function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** A name in `schema`, so that no search path (and no catalog of PostgreSQL's own) can stand in for it. */
export function inSchema(schema: string, name: string): string {
  return `${quoted(schema)}.${quoted(name)}`;
}

/** The schema's sequences whose values a backup carries (the migrations table's own is the restore's to fill). */
export async function backedUpSequences(sql: RawSql): Promise<string[]> {
  const { rows } = await sql(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'S' and c.relname <> '${MIGRATIONS_TABLE}_id_seq'
      order by c.relname`,
  );
  return rows.map(([name]) => name ?? '');
}

/** The schema's tables (those a backup holds), each with its stored columns, every table after those it references. */
export async function backedUpTables(sql: RawSql): Promise<TableStart[]> {
  const { rows: tables } = await sql(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  const names = tables.map(([name]) => name ?? '').filter((name) => !NOT_BACKED_UP.includes(name));
  const { rows: references } = await sql(
    `select c.relname, p.relname from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema() and k.conrelid <> k.confrelid`,
  );
  const { rows: columns } = await sql(
    `select c.relname, a.attname from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  return referencedFirst(names, references as Array<[string, string]>).map((table) => ({
    table,
    columns: columns.filter(([owner]) => owner === table).map(([, column]) => column ?? ''),
  }));
}

/** Tables ordered so each comes after every table it references (names in order where nothing decides). */
function referencedFirst(names: string[], references: Array<[table: string, referenced: string]>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new Error(`the tables' foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const [table, referenced] of references) if (table === name && names.includes(referenced)) place(referenced);
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) place(name);
  // the trigger-maintained tables last, so their rows replace the triggers' counting
  return [
    ...ordered.filter((name) => !MAINTAINED_BY_TRIGGERS.includes(name)),
    ...ordered.filter((name) => MAINTAINED_BY_TRIGGERS.includes(name)),
  ];
}
