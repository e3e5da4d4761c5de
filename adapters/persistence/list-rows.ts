import type { EntityName, EntityProperty } from '@mikro-orm/core';
import type { Database } from './database.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

const camelNames = new Map<string, string>();
function camel(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    camelNames.set(column, name);
  }
  return name;
}

/**
 * A function that builds one object from another with fixed property names, made once per shape: a list page
 * converts 50 rows of up to 30 columns, and an object literal with fixed names is many times quicker to make and
 * read than one filled property by property under computed names. Each entry: the property made, the property
 * read (null when it is missing), and whether text in it becomes a Date. The names come from the code's own tables and entities, and are
 * written into the function as JSON string literals.
 */
export function objectMaker<T>(
  entries: ReadonlyArray<readonly [made: string, read: string, date: boolean]>,
): (row: object) => T {
  const body = entries
    .map(([made, read, date]) => {
      const value = `r[${JSON.stringify(read)}]`;
      return `${JSON.stringify(made)}: ${date ? `typeof ${value} === 'string' ? new Date(${value}) : (${value} ?? null)` : `${value} ?? null`}`;
    })
    .join(',\n');
  return new Function('r', `return {\n${body}\n};`) as (row: object) => T;
}

const columnReaders = new Map<string, (row: object) => unknown>();

/** the timestamp columns whose names do not end in `_at`: a billed month's bounds */
const OTHER_TIMESTAMPS = new Set(['period_start', 'period_end']);

/**
 * A row as plain SQL returns it, under its property names. The postgresql driver hands timestamps over as text
 * (the ORM converts them itself), so the `_at` columns and the other timestamps become Dates here. It costs a
 * fraction of the ORM's mapping, which makes an entity and registers it.
 */
export function fromColumns<T>(row: Record<string, unknown>): T {
  const columns = Object.keys(row);
  const key = columns.join(',');
  let read = columnReaders.get(key);
  if (!read) {
    read = objectMaker(
      columns.map((column) => [camel(column), column, column.endsWith('_at') || OTHER_TIMESTAMPS.has(column)] as const),
    );
    columnReaders.set(key, read);
  }
  return read(row) as T;
}

/**
 * An entity's property values as a plain statement's columns and values, as the ORM writes them: each property's
 * column, and a value of a type of the ORM's own (JSON) as that type stores it. A property left undefined is left
 * out. For the writes on a purchase's path, where building the statement with the ORM's query builder cost more than
 * the database's work.
 */
export function toColumns<T extends object>(
  database: Database,
  entity: EntityName<T>,
  values: Record<string, unknown>,
): { columns: string[]; params: unknown[] } {
  const meta = database.em.getMetadata().find<T>(entity);
  if (!meta) throw new Error(`No entity ${String(entity)} is known.`);
  const platform = database.em.getPlatform();
  const columns: string[] = [];
  const params: unknown[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const property = (meta.properties as Record<string, EntityProperty<T> | undefined>)[name];
    if (!property) throw new Error(`${meta.className} has no property ${name}.`);
    columns.push(`"${property.fieldNames[0]}"`);
    params.push(
      value !== null && property.customType ? property.customType.convertToDatabaseValue(value, platform) : value,
    );
  }
  return { columns, params };
}

/**
 * The position of row `id` for keyset paging: undefined when no cursor is asked for, null when the row does not
 * exist (the page is then empty).
 */
export async function keysetCursor(
  database: Database,
  table: string,
  id: string | undefined,
): Promise<{ createdAt: Date; id: string } | null | undefined> {
  if (id === undefined) return undefined;
  const [row] = await database.query<Record<string, unknown>>(
    `select "created_at", "id" from "${table}" where "id" = ?`,
    [id],
  );
  return row ? fromColumns<{ createdAt: Date; id: string }>(row) : null;
}

export interface ListRowsQuery {
  /** the select list; every column when left out */
  columns?: string;
  status?: string;
  /** keyset: only rows after this one in newest-first order */
  after?: { createdAt: Date; id: string };
  limit?: number;
  offset?: number;
}

/**
 * A page of a table newest first (created_at, then id: the order of its `_newest` indexes), as plain objects
 * with property names, in one plain SQL statement. List pages hold up to 100 rows on hot, read-only paths, so
 * the ORM's query building, hydration and change tracking are left out.
 */
export async function listRows<T>(database: Database, table: string, query: ListRowsQuery): Promise<T[]> {
  const [sql, params] = listStatement(table, query);
  const rows = await database.query<Record<string, unknown>>(sql, params);
  return rows.map((row) => fromColumns<T>(row));
}

/** The statement listRows runs, with its parameters, to send beside another (Database.queries). */
export function listStatement(table: string, query: ListRowsQuery): [sql: string, params: unknown[]] {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.status !== undefined) {
    params.push(query.status);
    where.push(`"status" = ?`);
  }
  if (query.after) {
    params.push(query.after.createdAt, query.after.id);
    where.push(`("created_at", "id") < (?, ?)`);
  }
  let sql = `select ${query.columns ?? '*'} from "${table}"${where.length ? ` where ${where.join(' and ')}` : ''} order by "created_at" desc, "id" desc`;
  if (query.limit !== undefined) sql += ` limit ${Math.floor(query.limit)}`;
  if (query.offset) sql += ` offset ${Math.floor(query.offset)}`;
  return [sql, params];
}

/** A user's latest `limit` rows of an append-only table, newest first (by its "seq"); none for an id that is no uuid. */
export async function latestRowsOfUser<T>(
  database: Database,
  table: string,
  userId: string,
  limit: number,
): Promise<T[]> {
  if (!isUuid(userId)) return [];
  return database.em.execute<T[]>(`select * from "${table}" where "user_id" = ? order by "seq" desc limit ?`, [
    userId,
    limit,
  ]);
}
