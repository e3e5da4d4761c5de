import type { InferEntity } from '@mikro-orm/core';
import { PURCHASE_STATUSES, type Purchase, type PurchaseStatus } from '../../core/purchases/purchase.ts';
import type {
  CheckoutChanges,
  CheckoutClaim,
  OpenCheckoutRules,
  PurchaseChanges,
  PurchaseListQuery,
  PurchaseRepository,
  PurchaseTotals,
} from '../../core/purchases/ports.ts';
import type { Database } from './database.ts';
import { keysetCursor, listRows } from './list-rows.ts';
import { PurchaseRow } from './purchase-entities.ts';

// reads skip the identity map: a purchase completed a moment ago by another request must read as completed
const FRESH = { disableIdentityMap: true } as const;

export class MikroOrmPurchaseRepository implements PurchaseRepository {
  constructor(private readonly database: Database) {}

  async add(purchase: Purchase): Promise<void> {
    await this.database.em.insert(PurchaseRow, { ...purchase });
  }

  async claimCheckout(purchase: Purchase, rules: OpenCheckoutRules): Promise<CheckoutClaim> {
    return this.database.transactional(async () => {
      const em = this.database.em;
      // the buyer's row lock makes one buyer's claims take turns, each seeing what the one before stored;
      // FOR NO KEY UPDATE still lets other rows that reference the buyer be written meanwhile
      await em.execute(`select 1 from "users" where "id" = ? for no key update`, [purchase.userId]);
      const open = { userId: purchase.userId, status: 'pending', createdAt: { $gte: rules.openSince } };
      const same = await em.findOne(
        PurchaseRow,
        { ...open, productId: purchase.productId, optionId: purchase.optionId },
        { ...FRESH, orderBy: { createdAt: 'desc', id: 'desc' } },
      );
      if (same) return { outcome: 'open', purchase: toPurchase(same) };
      const count = await em.count(PurchaseRow, open);
      if (count >= rules.limit) return { outcome: 'full', open: count };
      await em.insert(PurchaseRow, { ...purchase });
      return { outcome: 'added', purchase };
    });
  }

  async reviseCheckout(id: string, changes: CheckoutChanges): Promise<Purchase | null> {
    return this.database.transactional(async () => {
      const em = this.database.em;
      const rows = await em.execute<Array<{ price_cents: number }>>(
        `select "price_cents" from "purchases" where "id" = ? and "status" = 'pending' for update`,
        [id],
      );
      if (rows.length === 0) return null;
      await em.nativeUpdate(PurchaseRow, { id }, { ...changes });
      // the per-status sums (migration 0006) follow status changes only, so a pending price that changes is counted here
      const delta = changes.priceCents === undefined ? 0 : changes.priceCents - Number(rows[0].price_cents);
      if (delta !== 0)
        await em.execute(
          `update "status_counts" set "price_cents" = "price_cents" + ? where "table_name" = 'purchases' and "status" = 'pending'`,
          [delta],
        );
      return this.findById(id);
    });
  }

  async findById(id: string): Promise<Purchase | null> {
    const row = await this.database.em.findOne(PurchaseRow, { id }, FRESH);
    return row ? toPurchase(row) : null;
  }

  async findByPaymentIntent(intentId: string): Promise<Purchase | null> {
    const row = await this.database.em.findOne(PurchaseRow, { paymentIntentId: intentId }, FRESH);
    return row ? toPurchase(row) : null;
  }

  async attachIntent(id: string, intentId: string): Promise<boolean> {
    return (await this.database.em.nativeUpdate(PurchaseRow, { id }, { paymentIntentId: intentId })) > 0;
  }

  async discardUnstarted(id: string): Promise<void> {
    await this.database.em.nativeDelete(PurchaseRow, { id, paymentIntentId: null });
  }

  async transition(id: string, from: readonly PurchaseStatus[], changes: PurchaseChanges): Promise<Purchase | null> {
    return this.database.transactional(async () => {
      // the row lock makes concurrent transitions wait and then see the winner's status
      const rows = await this.database.em.execute<Record<string, unknown>[]>(
        `select "status" from "purchases" where "id" = ? for update`,
        [id],
      );
      if (rows.length === 0 || !from.includes(rows[0].status as PurchaseStatus)) return null;
      const before = await this.findById(id);
      await this.database.em.nativeUpdate(PurchaseRow, { id }, { ...changes });
      return before;
    });
  }

  async list(query: PurchaseListQuery): Promise<Purchase[]> {
    // keyset paging: the page starts right after the cursor row in (created_at, id) order, an index range
    const after = await keysetCursor(this.database, 'purchases', query.before);
    if (after === null) return [];
    const rows = await listRows<InferEntity<typeof PurchaseRow>>(this.database, 'purchases', {
      status: query.status,
      after,
      limit: query.limit,
    });
    return rows.map(toPurchase);
  }

  async listByBuyer(userId: string, query: { limit: number; before?: string }): Promise<Purchase[]> {
    const em = this.database.em;
    let after: { createdAt: Date; id: string } | undefined;
    if (query.before !== undefined) {
      const cursor = await em.findOne(PurchaseRow, { id: query.before, userId }, FRESH);
      if (!cursor) return [];
      after = { createdAt: cursor.createdAt, id: cursor.id };
    }
    // a buyer has a handful of purchases: the user_id index finds them, and they are sorted in memory by the database
    const rows = await em.find(
      PurchaseRow,
      after
        ? {
            userId,
            $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }],
          }
        : { userId },
      { ...FRESH, orderBy: { createdAt: 'desc', id: 'desc' }, limit: Math.floor(query.limit) },
    );
    return rows.map(toPurchase);
  }

  async totals(): Promise<PurchaseTotals> {
    // kept by triggers on purchases (migration 0006): no scan of the table
    const rows = await this.database.em.execute<{ status: string; count: string; cents: string }[]>(
      `select "status", "row_count" as "count", "price_cents" as "cents" from "status_counts" where "table_name" = 'purchases'`,
    );
    const totals = Object.fromEntries(
      PURCHASE_STATUSES.map((status) => [status, { count: 0, cents: 0 }]),
    ) as PurchaseTotals;
    for (const row of rows)
      if (row.status in totals)
        totals[row.status as PurchaseStatus] = { count: Number(row.count), cents: Number(row.cents) };
    return totals;
  }

  async recentCompleted(limit: number): Promise<Purchase[]> {
    const rows = await this.database.em.find(
      PurchaseRow,
      { status: 'completed' },
      { ...FRESH, orderBy: { completedAt: 'desc', id: 'desc' }, limit },
    );
    return rows.map(toPurchase);
  }

  async pendingCreatedBefore(date: Date): Promise<Purchase[]> {
    const rows = await this.database.em.find(
      PurchaseRow,
      { status: 'pending', createdAt: { $lt: date } },
      { ...FRESH, orderBy: { createdAt: 'asc' } },
    );
    return rows.map(toPurchase);
  }
}

function toPurchase(row: InferEntity<typeof PurchaseRow>): Purchase {
  return {
    id: row.id,
    userId: row.userId,
    productType: row.productType,
    productId: row.productId,
    optionId: row.optionId ?? null,
    productName: row.productName,
    priceCents: row.priceCents,
    currency: row.currency,
    tokensGranted: row.tokensGranted,
    tokensAwarded: row.tokensAwarded,
    buyerEmail: row.buyerEmail ?? null,
    buyerDiscord: row.buyerDiscord ?? null,
    banReason: row.banReason ?? null,
    paymentIntentId: row.paymentIntentId ?? null,
    status: row.status as PurchaseStatus,
    failureReason: row.failureReason ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt ?? null,
  };
}

// the repository contract suites import these from here
