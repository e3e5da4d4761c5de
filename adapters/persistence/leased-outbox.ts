import type { Database } from './database.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

type Row = Record<string, unknown>;

/**
 * The statements an outbox table shares (the Discord deliveries, the emails): its rows are written with their cause
 * (Database.query joins the caller's transaction), skipped when their dedupe key is there already; workers claim the
 * due ones under a lease with row locks they skip past, so several server processes share the sending; and staff put
 * failed ones back in line. `columns` are the table's columns in the order of each row's values.
 */
export class LeasedOutbox<T extends { nextAttemptAt: Date; createdAt: Date }> {
  constructor(
    private readonly database: Database,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly read: (row: Row) => T,
  ) {}

  query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.database.query<Row>(sql, params);
  }

  async add(rows: unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    const placeholders = rows.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ');
    await this.query(
      `insert into "${this.table}" (${this.columns.map((c) => `"${c}"`).join(', ')}) values ${placeholders} on conflict ("dedupe_key") do nothing`,
      rows.flat(),
    );
  }

  /** up to `limit` due rows (pending and due, or sending with a lapsed lease), each now sending until `leaseUntil` */
  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<T[]> {
    const rows = await this.query(
      `update "${this.table}" set "status" = 'sending', "attempts" = "attempts" + 1, "locked_until" = ?, "updated_at" = ?
       where "id" in (
         select "id" from "${this.table}"
         where ("status" = 'pending' and "next_attempt_at" <= ?) or ("status" = 'sending' and "locked_until" <= ?)
         order by "next_attempt_at", "created_at"
         limit ? for update skip locked
       )
       returning *`,
      [leaseUntil, now, now, now, limit],
    );
    return rows
      .map(this.read)
      .sort(
        (a, b) =>
          a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
      );
  }

  async findById(id: string): Promise<T | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.query(`select * from "${this.table}" where "id" = ?`, [id]);
    return row ? this.read(row) : null;
  }

  /** failed -> pending with a fresh count of tries; answers the ids that moved */
  async requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]> {
    const wanted = ids === 'all' ? null : ids.filter(isUuid);
    if (wanted && wanted.length === 0) return [];
    const rows = await this.query(
      `update "${this.table}" set "status" = 'pending', "attempts" = 0, "next_attempt_at" = ?, "updated_at" = ?
       where "status" = 'failed' ${wanted ? `and "id" in (${wanted.map(() => '?').join(', ')})` : ''}
       returning "id"`,
      [now, now, ...(wanted ?? [])],
    );
    return rows.map((row) => String(row.id));
  }
}
