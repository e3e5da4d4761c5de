import { createHash } from 'node:crypto';

/** A statement as node-postgres sends a prepared one: its name, its text with `$n` placeholders and its values. */
export interface PreparedStatement {
  name: string;
  text: string;
  values: Array<string | number | boolean | null>;
}

/**
 * At most this many statement texts get a name; past it a statement goes out with its values inlined, as before.
 * The plain statements are a fixed set, so this is never reached unless something builds texts without end.
 */
const MOST_NAMES = 1_000;

/**
 * Names statement texts, once each: the name is a digest of the text, so two processes (or a connection that
 * prepared it earlier) agree on it, and node-postgres, which prepares a name once per connection, never sees one
 * name with two texts.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string>();

  constructor(private readonly formatDate: (date: Date) => string) {}

  /**
   * `sql` with its `?` placeholders numbered and `params` as the values, or undefined when the statement is to go
   * out inlined: no values, an identifier placeholder (`??`) or an escaped one (`\?`), a value that is not a plain
   * scalar or a Date (an array stands for a list the inlining spreads; an object for JSON the caller wrote), or
   * the names used up. A Date is sent as the text the inlining writes.
   */
  of(sql: string, params: readonly unknown[]): PreparedStatement | undefined {
    if (params.length === 0) return undefined;
    const values: PreparedStatement['values'] = [];
    let text = '';
    let position = 0;
    for (;;) {
      const at = sql.indexOf('?', position);
      if (at === -1) break;
      if (sql[at + 1] === '?' || sql[at - 1] === '\\' || values.length === params.length) return undefined;
      const value = params[values.length];
      if (value instanceof Date) values.push(this.formatDate(value));
      else if (value === null || value === undefined) values.push(null);
      else if (typeof value === 'string' || typeof value === 'boolean') values.push(value);
      else if (typeof value === 'number' && Number.isFinite(value)) values.push(value);
      else return undefined;
      text += `${sql.slice(position, at)}$${values.length}`;
      position = at + 1;
    }
    if (values.length !== params.length) return undefined;
    text += sql.slice(position);
    const name = this.nameOf(text);
    return name ? { name, text, values } : undefined;
  }

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= MOST_NAMES) return known;
    const name = `bayou_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }
}

/**
 * Postgres refuses to run a prepared statement whose result's columns changed since it was prepared (a migration
 * added a column to a table it reads with `*`), on that connection, until the connection goes.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const candidate = error as { code?: string; message?: string } | undefined;
  return candidate?.code === '0A000' && /cached plan must not change result type/.test(candidate.message ?? '');
}
