import type { Delivery, DeliveryKind, DeliveryStatus } from '../../core/delivery/model/delivery.ts';
import type { DeliveryOutbox } from '../../core/delivery/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const COLUMNS = [
  'id',
  'kind',
  'status',
  'user_id',
  'discord_id',
  'role_id',
  'content',
  'purchase_id',
  'application_id',
  'dedupe_key',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'updated_at',
  'delivered_at',
] as const;

/** Database.query joins the caller's transaction, if any: outbox rows are written with their cause */
const run = (database: Database, sql: string, params: unknown[]) => database.query<Row>(sql, params);

function toDelivery(row: Row): Delivery {
  return {
    id: String(row.id),
    kind: row.kind as DeliveryKind,
    status: row.status as DeliveryStatus,
    userId: text(row.user_id),
    discordId: text(row.discord_id),
    roleId: text(row.role_id),
    content: text(row.content),
    purchaseId: text(row.purchase_id),
    applicationId: text(row.application_id),
    dedupeKey: String(row.dedupe_key),
    attempts: Number(row.attempts),
    nextAttemptAt: date(row.next_attempt_at),
    lastError: text(row.last_error),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deliveredAt: row.delivered_at ? date(row.delivered_at) : null,
  };
}

/** The outbox on Postgres. Claims take row locks with SKIP LOCKED, so several server processes share the work. */
export class MikroOrmDeliveryOutbox implements DeliveryOutbox {
  constructor(private readonly database: Database) {}

  private query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return run(this.database, sql, params);
  }

  async add(deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const values = deliveries.map((d) => [
      d.id,
      d.kind,
      d.status,
      d.userId,
      d.discordId,
      d.roleId,
      d.content,
      d.purchaseId,
      d.applicationId,
      d.dedupeKey,
      d.attempts,
      d.nextAttemptAt,
      d.lastError,
      d.createdAt,
      d.updatedAt,
      d.deliveredAt,
    ]);
    const placeholders = values.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ');
    await this.query(
      `insert into "deliveries" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${placeholders} on conflict ("dedupe_key") do nothing`,
      values.flat(),
    );
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Delivery[]> {
    const rows = await this.query(
      `update "deliveries" set "status" = 'sending', "attempts" = "attempts" + 1, "locked_until" = ?, "updated_at" = ?
       where "id" in (
         select "id" from "deliveries"
         where ("status" = 'pending' and "next_attempt_at" <= ?) or ("status" = 'sending' and "locked_until" <= ?)
         order by "next_attempt_at", "created_at"
         limit ? for update skip locked
       )
       returning *`,
      [leaseUntil, now, now, now, limit],
    );
    return rows
      .map(toDelivery)
      .sort(
        (a, b) =>
          a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
      );
  }

  async settle(
    id: string,
    changes: Pick<Delivery, 'status' | 'nextAttemptAt' | 'lastError' | 'deliveredAt' | 'updatedAt'>,
  ): Promise<void> {
    // only while it is still ours: a lapsed lease handed it to another worker, whose outcome stands
    await this.query(
      `update "deliveries" set "status" = ?, "next_attempt_at" = ?, "last_error" = ?, "delivered_at" = ?, "updated_at" = ?, "locked_until" = null
       where "id" = ? and "status" = 'sending'`,
      [changes.status, changes.nextAttemptAt, changes.lastError, changes.deliveredAt, changes.updatedAt, id],
    );
  }

  async findById(id: string): Promise<Delivery | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.query(`select * from "deliveries" where "id" = ?`, [id]);
    return row ? toDelivery(row) : null;
  }

  async list(query: { status?: DeliveryStatus; limit?: number }): Promise<Delivery[]> {
    const rows = await this.query(
      `select * from "deliveries" ${query.status ? 'where "status" = ?' : ''} order by "created_at" desc, "id" desc limit ?`,
      [...(query.status ? [query.status] : []), query.limit ?? 200],
    );
    return rows.map(toDelivery);
  }

  /** one member's deliveries, newest first (the player page) */
  async forUser(userId: string, limit: number): Promise<Delivery[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.query(
      `select * from "deliveries" where "user_id" = ? order by "created_at" desc, "id" desc limit ?`,
      [userId, limit],
    );
    return rows.map(toDelivery);
  }

  async forPurchases(purchaseIds: readonly string[]): Promise<Delivery[]> {
    const ids = purchaseIds.filter(isUuid);
    if (ids.length === 0) return [];
    const rows = await this.query(
      `select * from "deliveries" where "purchase_id" in (${ids.map(() => '?').join(', ')}) order by "created_at", "id"`,
      ids,
    );
    return rows.map(toDelivery);
  }

  async requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]> {
    const wanted = ids === 'all' ? null : ids.filter(isUuid);
    if (wanted && wanted.length === 0) return [];
    const rows = await this.query(
      `update "deliveries" set "status" = 'pending', "attempts" = 0, "next_attempt_at" = ?, "updated_at" = ?
       where "status" = 'failed' ${wanted ? `and "id" in (${wanted.map(() => '?').join(', ')})` : ''}
       returning "id"`,
      [now, now, ...(wanted ?? [])],
    );
    return rows.map((row) => String(row.id));
  }
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
