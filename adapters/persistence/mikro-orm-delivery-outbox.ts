import type { Delivery, DeliveryKind, DeliveryStatus } from '../../core/delivery/model/delivery.ts';
import type { DeliveryOutbox } from '../../core/delivery/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';
import { LeasedOutbox } from './leased-outbox.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

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
  private readonly rows: LeasedOutbox<Delivery>;

  constructor(database: Database) {
    this.rows = new LeasedOutbox(database, 'deliveries', COLUMNS, toDelivery);
  }

  private query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.rows.query(sql, params);
  }

  async add(deliveries: Delivery[]): Promise<void> {
    await this.rows.add(
      deliveries.map((d) => [
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
      ]),
    );
  }

  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Delivery[]> {
    return this.rows.claimDue(now, limit, leaseUntil);
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

  findById(id: string): Promise<Delivery | null> {
    return this.rows.findById(id);
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

  requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]> {
    return this.rows.requeueFailed(ids, now);
  }
}
