import type { Database } from './database.ts';

export type CountRow = { status: string; count: string | number; cents?: string | number };

/** counts are read again at least this often, however quiet the table */
export const COUNTS_MAX_AGE_MS = 1000;

interface CachedEntry {
  at: number;
  rows: Promise<CountRow[]>;
}

/**
 * Rows (and, for purchases, cents) per status of the counted tables, read from their indexes and cached in this
 * process for at most a second: no row is written by every insert or status change (which made every purchase
 * wait on the one before, migration 0020), and a polled dashboard or review list costs one index-only count a
 * second at most. A change to the table this process makes or hears of drops its counts at once; one made by
 * another process the feed did not yet deliver shows within the second. Readers at once share one read.
 */
export class StatusCounts {
  private readonly cached = new Map<string, CachedEntry>();

  constructor(
    private readonly database: Pick<Database, 'query' | 'onChange'>,
    private readonly now: () => number = Date.now,
  ) {
    database.onChange((key) => {
      if (key === '*') this.cached.clear();
      else if (key.startsWith('table:')) {
        const table = key.slice('table:'.length);
        for (const cached of [...this.cached.keys()])
          if (cached === table || cached.startsWith(`${table} where `)) this.cached.delete(cached);
      }
    });
  }

  /**
   * every status of `table` counted (`cents`: with the sum of what was paid, or the price before a payment); `where`:
   * only the rows it admits (a partial index's predicate, so the count stays index-only)
   */
  read(table: string, { cents = false, where }: { cents?: boolean; where?: string } = {}): Promise<CountRow[]> {
    const now = this.now();
    const key = where ? `${table} where ${where}` : table;
    const cached = this.cached.get(key);
    if (cached && now >= cached.at && now - cached.at < COUNTS_MAX_AGE_MS) return cached.rows;
    const rows = this.database.query<CountRow>(
      `select "status", count(*) as "count"${cents ? `, coalesce(sum(coalesce("amount_paid_cents", "price_cents")), 0) as "cents"` : ''} from "${table}"${where ? ` where ${where}` : ''} group by "status"`,
    );
    const entry = { at: now, rows };
    this.cached.set(key, entry);
    // a failed read is not cached
    rows.catch(() => {
      if (this.cached.get(key) === entry) this.cached.delete(key);
    });
    return rows;
  }
}

const perDatabase = new WeakMap<object, StatusCounts>();

/** the one StatusCounts of a database (of this process) */
export function statusCountsOf(database: Database): StatusCounts {
  let counts = perDatabase.get(database);
  if (!counts) {
    counts = new StatusCounts(database);
    perDatabase.set(database, counts);
  }
  return counts;
}

/** Those rows as a count per status, zero for statuses nobody holds. */
export function countsOf<S extends string>(rows: readonly CountRow[], statuses: readonly S[]): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.count);
  return counts;
}

/** The rows under a status filter (all of them without one), from the same counts. */
export function totalOf<S extends string>(counts: Record<S, number>, status: S | undefined): number {
  if (status) return counts[status] ?? 0;
  return Object.values<number>(counts).reduce((sum, count) => sum + count, 0);
}
