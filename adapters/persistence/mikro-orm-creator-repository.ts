import type { InferEntity } from '@mikro-orm/core';
import type { Creator } from '../../core/creators/model/creator.ts';
import type { AddCreatorOutcome, CreatorRepository, CreatorSales } from '../../core/creators/ports.ts';
import type { Database } from './database.ts';
import { fromColumns } from './list-rows.ts';
import { isUuid } from './mikro-orm-user-repository.ts';
import { CreatorRow } from './purchase-entities.ts';

const FRESH = { disableIdentityMap: true } as const;

/** Creators (migration 0029); their sales are read from the purchases that name them. */
export class MikroOrmCreatorRepository implements CreatorRepository {
  constructor(private readonly database: Database) {}

  async add(creator: Creator): Promise<AddCreatorOutcome> {
    // the unique player and the unique code (whatever its case) decide between concurrent adds
    const inserted = await this.database.em.execute<Array<{ id: string }>>(
      `insert into "creators" ("id", "user_id", "code", "share_percent", "created_at", "disabled_at")
       values (?, ?, ?, ?, ?, null) on conflict do nothing returning "id"`,
      [creator.id, creator.userId, creator.code, creator.sharePercent, creator.createdAt],
    );
    if (inserted.length > 0) return 'added';
    return (await this.findByUser(creator.userId)) ? 'already_creator' : 'code_taken';
  }

  async findByCode(code: string): Promise<Creator | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `select * from "creators" where lower("code") = lower(?)`,
      [code.trim()],
    );
    return row ? fromRow(row) : null;
  }

  async findByUser(userId: string): Promise<Creator | null> {
    if (!isUuid(userId)) return null;
    const row = await this.database.em.findOne(CreatorRow, { userId }, FRESH);
    return row ? toCreator(row) : null;
  }

  async list(): Promise<Creator[]> {
    const rows = await this.database.query<Record<string, unknown>>(`select * from "creators" order by lower("code")`);
    return rows.map(fromRow);
  }

  async disable(code: string, at: Date): Promise<Creator | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `update "creators" set "disabled_at" = coalesce("disabled_at", ?) where lower("code") = lower(?) returning *`,
      [at, code.trim()],
    );
    return row ? fromRow(row) : null;
  }

  async sales(period: { from: Date; to: Date }, creatorId?: string): Promise<CreatorSales[]> {
    if (creatorId !== undefined && !isUuid(creatorId)) return [];
    const rows = await this.database.query<Record<string, string>>(
      `select "creator_id",
         count(*) filter (where "status" = 'completed') as "sales",
         coalesce(sum(coalesce("amount_paid_cents", "price_cents")) filter (where "status" = 'completed'), 0) as "taken",
         count(*) filter (where "status" in ('refunded', 'disputed')) as "refunds",
         coalesce(sum(coalesce("amount_paid_cents", "price_cents")) filter (where "status" in ('refunded', 'disputed')), 0) as "refunded"
       from "purchases"
       where "creator_id" is not null and "completed_at" >= ? and "completed_at" < ?${creatorId ? ` and "creator_id" = ?` : ''}
       group by "creator_id"`,
      [period.from, period.to, ...(creatorId ? [creatorId] : [])],
    );
    return rows
      .map((row) => ({
        creatorId: String(row.creator_id),
        sales: Number(row.sales),
        takenCents: Number(row.taken),
        refunds: Number(row.refunds),
        refundedCents: Number(row.refunded),
      }))
      .filter((row) => row.sales + row.refunds > 0);
  }
}

/** a row read by SQL (snake_case columns) */
const fromRow = (row: Record<string, unknown>) => toCreator(fromColumns<InferEntity<typeof CreatorRow>>(row));

function toCreator(row: InferEntity<typeof CreatorRow>): Creator {
  return {
    id: row.id,
    userId: row.userId,
    code: row.code,
    sharePercent: row.sharePercent,
    createdAt: row.createdAt,
    disabledAt: row.disabledAt ?? null,
  };
}
