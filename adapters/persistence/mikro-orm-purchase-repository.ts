import type { InferEntity } from '@mikro-orm/core';
import {
  type BillingReason,
  type PaymentGatewayName,
  PURCHASE_STATUSES,
  type Purchase,
  type PurchaseCreator,
  type PurchaseStatus,
} from '../../core/purchases/model/purchase.ts';
import type {
  CheckoutChanges,
  CheckoutClaim,
  OpenCheckoutRules,
  PurchaseChange,
  PurchaseFilter,
  PurchaseListQuery,
  PurchaseStatusChange,
  PurchaseStatusStep,
  PurchaseStatusTotals,
  PurchaseRepository,
  PurchaseTotals,
  PurchaseUpdate,
} from '../../core/purchases/ports.ts';
import { displayName } from '../../core/users/model/user.ts';
import type { Database } from './database.ts';
import type { PurchaseGift } from '../../core/purchases/model/gift.ts';
import type { WithdrawalConsent } from '../../core/purchases/model/withdrawal-consent.ts';
import { BUYER_PURCHASE_STATUSES, type PurchaseScope } from '../../core/purchases/model/buyer-view.ts';
import { fromColumns, keysetCursor, listRows, toColumns } from './list-rows.ts';
import { statusCountsOf } from './application-counts.ts';
import { PurchaseRow } from './purchase-entities.ts';

// reads skip the identity map: a purchase completed a moment ago by another request must read as completed
const FRESH = { disableIdentityMap: true } as const;

/**
 * A buyer's open checkouts (`?`: the buyer's id, the start of the payment window): pending, started within the
 * window, and not a membership's renewal or upgrade being charged. Read along purchases_pending_by_buyer (0041).
 */
export const BUYER_OPEN_CHECKOUTS_SQL = `select * from "purchases" where "user_id" = ? and "status" = 'pending'
  and "created_at" >= ? and ("billing_reason" is null or "billing_reason" = 'start')`;

export class MikroOrmPurchaseRepository implements PurchaseRepository {
  /**
   * the lapsed checkouts last counted: against which stored pending count and sum, and which cut-off; dropped when
   * the database announces '*' (anything may have changed, unannounced), as the cached status counts are
   */
  private lapsed: { pending: string; before: number; count: number; cents: number } | null = null;
  /** the open and paying-past-the-window checkouts last counted, and their cut-offs; dropped by any purchase change */
  private openCheckouts: {
    before: number;
    since: number;
    totals: Record<(typeof BUYER_PURCHASE_STATUSES)[number], { count: number; cents: number }>;
  } | null = null;

  constructor(private readonly database: Database) {
    database.onChange((key) => {
      if (key === '*') this.lapsed = null;
      if (key === '*' || key === CHANGED) this.openCheckouts = null;
    });
  }

  async add(purchase: Purchase): Promise<void> {
    await this.database.transactional(async () => {
      await this.database.em.insert(PurchaseRow, toRow(purchase));
      await this.recordChange(purchase.id, 'checkout_started', null, null, purchase.createdAt);
    });
    this.database.changed(CHANGED);
  }

  private async recordChange(id: string, status: string, reason: string | null, actorId: string | null, at: Date) {
    await this.database.em.execute(
      `insert into "purchase_status_changes" ("purchase_id", "status", "reason", "actor_id", "created_at") values (?, ?, ?, ?, ?)`,
      [id, status, reason, actorId, at],
    );
  }

  async statusHistory(id: string): Promise<PurchaseStatusChange[]> {
    return (await this.statusHistoryOf([id])).map(({ purchaseId: _, ...change }) => change);
  }

  async statusHistoryOf(ids: readonly string[]): Promise<PurchaseStatusStep[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.query<Record<string, unknown>>(
      `select c."purchase_id", c."status", c."reason", c."actor_id", c."created_at", u."username", u."discord_username"
       from "purchase_status_changes" c left join "users" u on u."id" = c."actor_id"
       where c."purchase_id" in (${ids.map(() => '?').join(', ')}) order by c."created_at", c."id"`,
      [...ids],
    );
    return rows.map((row) => ({
      purchaseId: String(row.purchase_id),
      status: row.status as PurchaseStatusChange['status'],
      reason: (row.reason as string | null) ?? null,
      by: row.actor_id
        ? {
            id: String(row.actor_id),
            name: displayName({
              username: (row.username as string | null) ?? null,
              discordUsername: (row.discord_username as string | null) ?? null,
            }),
          }
        : null,
      at: new Date(row.created_at as string),
    }));
  }

  /**
   * Two statements sent together as one message, one round trip: Postgres runs them as one transaction of their own
   * (or within the caller's). First the buyer's row lock, which makes one buyer's claims take turns, each seeing what
   * the one before stored (FOR NO KEY UPDATE still lets other rows that reference the buyer be written meanwhile).
   * Then one statement, its snapshot taken after the lock: the buyer's open checkouts (a membership's renewal or
   * upgrade being charged is no checkout of the buyer's; a pass for the buyer and a gifted pass are checkouts of their
   * own), and the new purchase with its `checkout_started` history line stored only when none of them is the same
   * item and fewer than `rules.limit` are open.
   */
  async claimCheckout(purchase: Purchase, rules: OpenCheckoutRules): Promise<CheckoutClaim> {
    const insert = toColumns(this.database, PurchaseRow, toRow(purchase));
    const [, claimed] = await this.database.queries([
      [`select 1 from "users" where "id" = ? for no key update`, [purchase.userId]],
      [
        `with "open" as (${BUYER_OPEN_CHECKOUTS_SQL}), "free" as (
           select 1 where (select count(*) from "open") < ? and not exists (
             select 1 from "open" where "product_id" = ? and "option_id" is not distinct from ?
               and "billing_reason" is not distinct from ?)
         ), "started" as (
           insert into "purchases" (${insert.columns.join(', ')})
           select ${insert.params.map(() => '?').join(', ')} from "free" returning "id"
         ), "history" as (
           insert into "purchase_status_changes" ("purchase_id", "status", "reason", "actor_id", "created_at")
           select "id", 'checkout_started', null, null, ? from "started"
         )
         select "open".*, (select count(*) from "started") as "bayou_added"
         from (select 1) as "one" left join "open" on true
         order by "open"."created_at" desc, "open"."id" desc`,
        [
          purchase.userId,
          rules.openSince,
          rules.limit,
          purchase.productId,
          purchase.optionId,
          purchase.billing?.reason ?? null,
          ...insert.params,
          purchase.createdAt,
        ],
      ],
    ]);
    const rows = claimed as Array<Record<string, unknown>>;
    if (Number(rows[0]?.bayou_added) > 0) {
      this.database.changed(CHANGED);
      return { outcome: 'added', purchase };
    }
    const opened = rows.filter((row) => row.id !== null).map(({ bayou_added: _, ...row }) => purchaseOf(row));
    const same = opened.find(
      (each) =>
        each.productId === purchase.productId &&
        each.optionId === purchase.optionId &&
        (each.billing?.reason ?? null) === (purchase.billing?.reason ?? null),
    );
    if (same) return { outcome: 'open', purchase: same };
    if (opened.length < rules.limit) throw new Error(`Checkout ${purchase.id} was neither stored nor refused.`);
    return { outcome: 'full', open: opened.length };
  }

  async reviseCheckout(id: string, changes: CheckoutChanges): Promise<Purchase | null> {
    return this.database.transactional(async () => {
      const held = await this.lockById(id);
      if (held?.status !== 'pending') return null;
      const { creator, gift, withdrawalConsent, ...columns } = changes;
      await this.database.em.nativeUpdate(
        PurchaseRow,
        { id },
        {
          ...columns,
          ...(creator !== undefined ? creatorColumns(creator) : {}),
          ...(withdrawalConsent !== undefined ? consentColumns(withdrawalConsent) : {}),
          ...(gift !== undefined ? giftColumns(gift) : {}),
        },
      );
      this.database.changed(CHANGED);
      return this.findById(id);
    });
  }

  async findById(id: string): Promise<Purchase | null> {
    const row = await this.database.em.findOne(PurchaseRow, { id }, FRESH);
    return row ? toPurchase(row) : null;
  }

  async findByPaymentIntent(intentId: string): Promise<Purchase | null> {
    // a plain statement: every completion asks it first (bench/results.md, "the rush")
    const [row] = await this.database.query<Record<string, unknown>>(
      `select * from "purchases" where ${BY_PAYMENT_SQL}`,
      [intentId, intentId, intentId],
    );
    return row ? purchaseOf(row) : null;
  }

  async lockByPayment(paymentId: string): Promise<Purchase | null> {
    return this.lockedPurchase(`(select "id" from "purchases" where ${BY_PAYMENT_SQL})`, [
      paymentId,
      paymentId,
      paymentId,
    ]);
  }

  async attachIntent(id: string, intentId: string, subscriptionId?: string): Promise<boolean> {
    // a plain statement: every checkout sends it
    const attached = await this.database.query(
      subscriptionId
        ? `update "purchases" set "payment_intent_id" = ?, "subscription_id" = ? where "id" = ? returning 1`
        : `update "purchases" set "payment_intent_id" = ? where "id" = ? returning 1`,
      subscriptionId ? [intentId, subscriptionId, id] : [intentId, id],
    );
    return attached.length > 0;
  }

  async addBilled(purchase: Purchase): Promise<{ added: boolean; purchase: Purchase }> {
    const billing = purchase.billing;
    if (!billing?.subscriptionId || billing.reason === 'start' || !billing.periodStart)
      throw new Error('addBilled takes a renewal or an upgrade of a known subscription and month');
    return this.database.transactional(async () => {
      await this.database.em.execute(`select 1 from "users" where "id" = ? for no key update`, [purchase.userId]);
      const inserted = await this.database.em.execute<Array<{ id: string }>>(
        `insert into "purchases" ("id", "user_id", "product_type", "product_id", "option_id", "product_name", "price_cents",
           "currency", "tokens_granted", "tokens_awarded", "buyer_email", "buyer_discord", "ban_reason", "payment_intent_id",
           "status", "failure_reason", "created_at", "updated_at", "completed_at", "billing_reason", "subscription_id",
           "membership_id", "period_start", "period_end", "gateway", "discount")
         values (?, ?, ?, ?, null, ?, ?, ?, ?, 0, ?, ?, null, ?, 'pending', null, ?, ?, null, ?, ?, ?, ?, ?, ?, cast(? as jsonb))
         on conflict do nothing returning "id"`,
        [
          purchase.id,
          purchase.userId,
          purchase.productType,
          purchase.productId,
          purchase.productName,
          purchase.priceCents,
          purchase.currency,
          purchase.tokensGranted,
          purchase.buyerEmail,
          purchase.buyerDiscord,
          purchase.paymentIntentId,
          purchase.createdAt,
          purchase.updatedAt,
          billing.reason,
          billing.subscriptionId,
          billing.membershipId,
          billing.periodStart,
          billing.periodEnd,
          purchase.gateway ?? 'demo',
          purchase.discount ? JSON.stringify(purchase.discount) : null,
        ],
      );
      if (inserted.length > 0) {
        await this.recordChange(purchase.id, 'checkout_started', null, null, purchase.createdAt);
        this.database.changed(CHANGED);
        return { added: true, purchase: (await this.findById(purchase.id)) as Purchase };
      }
      const row = await this.database.em.findOne(
        PurchaseRow,
        {
          subscriptionId: billing.subscriptionId,
          billingReason: billing.reason,
          periodStart: billing.periodStart,
          // one renewal per month whatever its tier; an upgrade per month and tier
          ...(billing.reason === 'upgrade' ? { productId: purchase.productId } : {}),
        },
        FRESH,
      );
      if (!row) throw new Error('a billed purchase conflicted with one that cannot be found');
      return { added: false, purchase: toPurchase(row) };
    });
  }

  async findStart(subscriptionId: string): Promise<Purchase | null> {
    const row = await this.database.em.findOne(PurchaseRow, { subscriptionId, billingReason: 'start' }, FRESH);
    return row ? toPurchase(row) : null;
  }

  async linkMembership(id: string, membershipId: string, period: { start: Date; end: Date }): Promise<void> {
    await this.database.em.nativeUpdate(
      PurchaseRow,
      { id },
      { membershipId, periodStart: period.start, periodEnd: period.end },
    );
  }

  async ofMembership(membershipId: string): Promise<Purchase[]> {
    const rows = await this.database.em.find(
      PurchaseRow,
      { membershipId },
      { ...FRESH, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return rows.map(toPurchase);
  }

  async discardUnstarted(id: string): Promise<void> {
    if ((await this.database.em.nativeDelete(PurchaseRow, { id, paymentIntentId: null })) > 0)
      this.database.changed(CHANGED);
  }

  async update(id: string, change: PurchaseChange, held?: Purchase): Promise<PurchaseUpdate | null> {
    return this.database.transactional(async () => {
      const previous = held?.id === id ? held : await this.lockById(id);
      if (!previous) return null;
      const changes = change(structuredClone(previous));
      if (!changes) return { purchase: previous, previous, changed: false };
      const { changedBy, gift, creator, ...columns } = changes;
      const set = {
        ...columns,
        ...(gift ? giftColumns(gift) : {}),
        ...(creator !== undefined ? creatorColumns(creator) : {}),
      };
      if (changes.status === undefined) await this.database.em.nativeUpdate(PurchaseRow, { id }, set);
      else {
        // the row and its status history in one statement
        const update = toColumns(this.database, PurchaseRow, set);
        await this.database.query(
          `with "changed" as (update "purchases" set ${update.columns.map((column) => `${column} = ?`).join(', ')}
             where "id" = ? returning "id")
           insert into "purchase_status_changes" ("purchase_id", "status", "reason", "actor_id", "created_at")
           select "id", ?, ?, ?, ? from "changed"`,
          [
            ...update.params,
            id,
            changes.status,
            changes.status === 'completed' ? null : (changes.failureReason ?? null),
            changedBy ?? null,
            changes.updatedAt,
          ],
        );
      }
      this.database.changed(CHANGED);
      const updated = {
        ...previous,
        ...columns,
        ...(gift ? { gift } : {}),
        ...(creator !== undefined ? { creator } : {}),
      };
      return { purchase: updated, previous, changed: true };
    });
  }

  /** the purchase read under its row lock, its buyer's row locked first: a concurrent update waits, then reads the result */
  private lockById(id: string): Promise<Purchase | null> {
    return this.lockedPurchase('?', [id]);
  }

  /**
   * The purchase whose id `idSql` gives, read under its row lock with its buyer's row locked first, in one statement (the
   * buyer first in every transaction that writes their purchases: docs/decisions/0050-counts-lock-order-and-busy-503.md):
   * the join reads the buyer's row under its lock before the purchase's own lock is taken on the row it goes out with.
   * A purchase a concurrent transaction changed meanwhile is read as that transaction committed it (READ COMMITTED's
   * recheck of a row it locks).
   */
  private async lockedPurchase(idSql: string, params: unknown[]): Promise<Purchase | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `select "p".* from "purchases" "p"
       left join lateral (select 1 from "users" "u" where "u"."id" = "p"."user_id" for no key update) "buyer" on true
       where "p"."id" = ${idSql}
       for no key update of "p"`,
      params,
    );
    return row ? purchaseOf(row) : null;
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

  async listByBuyer(
    userId: string,
    query: { limit: number; before?: string; scope?: PurchaseScope },
  ): Promise<Purchase[]> {
    const em = this.database.em;
    // bought by them, or a gift delivered to them
    const theirs = { $or: [{ userId }, { giftUserId: userId, giftDeliveredAt: { $ne: null } }] };
    let after: { createdAt: Date; id: string } | undefined;
    if (query.before !== undefined) {
      // the cursor need only be theirs: a checkout that stopped being open since still marks where the page ends
      const cursor = await em.findOne(PurchaseRow, { id: query.before, ...theirs }, FRESH);
      if (!cursor) return [];
      after = { createdAt: cursor.createdAt, id: cursor.id };
    }
    const where: object[] = [theirs];
    if (after)
      where.push({
        $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }],
      });
    if (query.scope) where.push(purchaseScopeWhere(query.scope));
    // a player has a handful of purchases: the user_id and gift_user_id indexes find them, and the database sorts them
    const rows = await em.find(PurchaseRow, where.length === 1 ? theirs : { $and: where }, {
      ...FRESH,
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: Math.floor(query.limit),
    });
    return rows.map(toPurchase);
  }

  async giftsAwaiting(discordId: string): Promise<Purchase[]> {
    const rows = await this.database.em.find(
      PurchaseRow,
      { giftDiscordId: discordId, giftDeliveredAt: null, status: 'completed' },
      { ...FRESH, orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toPurchase);
  }

  async totals(): Promise<PurchaseTotals> {
    return totalsOf(PURCHASE_STATUSES, await this.storedTotals());
  }

  /** counts and sums per status from the (status, price) index, cached for a second (StatusCounts) */
  private async storedTotals() {
    return (await statusCountsOf(this.database).read('purchases', { cents: true })) as Array<{
      status: string;
      count: string;
      cents: string;
    }>;
  }

  async search(filter: PurchaseFilter, page: { limit?: number; before?: string }): Promise<Purchase[]> {
    const after = await keysetCursor(this.database, 'purchases', page.before);
    if (after === null) return [];
    const { where, params } = filterSql(filter);
    if (after) {
      where.push(`("created_at", "id") < (?, ?)`);
      params.push(after.createdAt, after.id);
    }
    let sql = `select * from "purchases"${where.length ? ` where ${where.join(' and ')}` : ''} order by "created_at" desc, "id" desc`;
    if (page.limit !== undefined) sql += ` limit ${Math.floor(page.limit)}`;
    const rows = await this.database.query<Record<string, unknown>>(sql, params);
    return rows.map(purchaseOf);
  }

  async summarize(filter: PurchaseFilter): Promise<PurchaseStatusTotals> {
    const { where, params } = filterSql(filter);
    if (where.length === 0) return this.summarizeAll(filter.abandonedBefore);
    if (filter.scope && where.length === 1) return this.summarizePurchases(filter.abandonedBefore, filter.scope);
    const rows = await this.database.query<{ status: string; count: string; cents: string }>(
      `select ${VIEW_STATUS_SQL} as "status", count(*) as "count", coalesce(sum(coalesce("amount_paid_cents", "price_cents")), 0) as "cents"
       from "purchases"${where.length ? ` where ${where.join(' and ')}` : ''} group by 1`,
      [filter.abandonedBefore, ...params],
    );
    return totalsOf(BUYER_PURCHASE_STATUSES, rows);
  }

  /**
   * The unfiltered dashboard: the per-status sums as cached (StatusCounts), with the lapsed checkouts counted on the
   * (status, created_at) index. That count is the page's one costly statement, so it is made again only when the
   * pending checkouts changed (their stored count or sum moved), the cut-off moved back, or a second has passed.
   */
  private async summarizeAll(abandonedBefore: Date): Promise<PurchaseStatusTotals> {
    const stored = totalsOf(PURCHASE_STATUSES, await this.storedTotals());
    const pending = `${stored.pending.count} ${stored.pending.cents}`;
    const before = abandonedBefore.getTime();
    let lapsed = this.lapsed;
    if (
      !lapsed ||
      lapsed.pending !== pending ||
      before < lapsed.before ||
      before - lapsed.before >= LAPSED_RECOUNT_MS
    ) {
      // an index-only count (migration 0014)
      const [row] = await this.database.query<{ count: string; cents: string }>(
        `select count(*) as "count", coalesce(sum("price_cents"), 0) as "cents" from "purchases" where "status" = 'pending' and "created_at" < ?`,
        [abandonedBefore],
      );
      lapsed = { pending, before, count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
      this.lapsed = lapsed;
    }
    const abandoned = { count: lapsed.count, cents: lapsed.cents };
    return {
      awaiting_payment: {
        count: stored.pending.count - abandoned.count,
        cents: stored.pending.cents - abandoned.cents,
      },
      abandoned,
      completed: stored.completed,
      failed: stored.failed,
      refunded: stored.refunded,
      disputed: stored.disputed,
      underpaid: stored.underpaid,
    };
  }

  /**
   * The dashboard unfiltered (only purchases): the rows with a payment attempt counted per status from their partial
   * index (migration 0038) and cached for a second as every status count is, the pending ones of them and the checkouts
   * still open read apart (the pending rows are few: the reconciler closes an unpaid one after its payment window).
   */
  private async summarizePurchases(abandonedBefore: Date, scope: PurchaseScope): Promise<PurchaseStatusTotals> {
    const attempted = totalsOf(
      PURCHASE_STATUSES,
      (await statusCountsOf(this.database).read('purchases', { cents: true, where: ATTEMPTED_SQL })) as Array<{
        status: string;
        count: string;
        cents: string;
      }>,
    );
    const pending = await this.openCheckoutTotals(abandonedBefore, scope);
    return {
      awaiting_payment: pending.awaiting_payment,
      abandoned: pending.abandoned,
      completed: attempted.completed,
      failed: attempted.failed,
      refunded: attempted.refunded,
      disputed: attempted.disputed,
      underpaid: attempted.underpaid,
    };
  }

  /**
   * Open checkouts (the pending index's newest entries) and those being paid past their window (their own index),
   * each an index range: the lapsed pending rows the reconciler has not closed yet are never read. Cached, as the
   * status counts are, until a purchase changes (this process's or one the feed announces) and for at most a second
   * of the clock: the dashboard's poll and its list pages then read no row for them.
   */
  private async openCheckoutTotals(abandonedBefore: Date, scope: PurchaseScope) {
    const before = abandonedBefore.getTime();
    const since = scope.openSince.getTime();
    const cached = this.openCheckouts;
    if (
      cached &&
      before >= cached.before &&
      before - cached.before < LAPSED_RECOUNT_MS &&
      since >= cached.since &&
      since - cached.since < LAPSED_RECOUNT_MS
    )
      return cached.totals;
    const totals = totalsOf(
      BUYER_PURCHASE_STATUSES,
      await this.database.query<{ status: string; count: string; cents: string }>(
        `select ${VIEW_STATUS_SQL} as "status", count(*) as "count", coalesce(sum("price_cents"), 0) as "cents"
         from "purchases" where "status" = 'pending' and "created_at" >= ? group by 1
         union all
         select ${VIEW_STATUS_SQL}, count(*), coalesce(sum("price_cents"), 0)
         from "purchases" where "status" = 'pending' and ${ATTEMPTED_SQL} and "created_at" < ? group by 1`,
        [abandonedBefore, scope.openSince, abandonedBefore, scope.openSince],
      ),
    );
    this.openCheckouts = { before, since, totals };
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

  async pendingCreatedBefore(
    date: Date,
    page: { limit: number; after?: { createdAt: Date; id: string } },
  ): Promise<Purchase[]> {
    // along the pending purchases' own index (purchases_pending_created), from the one after `after`
    const { after } = page;
    const rows = await this.database.em.find(
      PurchaseRow,
      after
        ? {
            status: 'pending',
            createdAt: { $lt: date, $gte: after.createdAt },
            $or: [{ createdAt: { $gt: after.createdAt } }, { id: { $gt: after.id } }],
          }
        : { status: 'pending', createdAt: { $lt: date } },
      { ...FRESH, orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit },
    );
    return rows.map(toPurchase);
  }
}

/** what a write to purchases announces: cached counts and cached list responses of this process drop at once */
const CHANGED = 'table:purchases';

/** the lapsed checkouts are counted again at least this often, as checkouts pass their 24 hours */
const LAPSED_RECOUNT_MS = 1000;

/** rows and cents per status from grouped rows, added up; statuses without a row count zero */
function totalsOf<Status extends string>(
  statuses: readonly Status[],
  rows: readonly { status: string; count: string; cents: string }[],
): Record<Status, { count: number; cents: number }> {
  const totals = Object.fromEntries(statuses.map((status) => [status, { count: 0, cents: 0 }])) as Record<
    Status,
    { count: number; cents: number }
  >;
  for (const row of rows)
    if (row.status in totals) {
      // a status may come in more than one row (statements joined by union all): they add up
      const sum = totals[row.status as Status];
      totals[row.status as Status] = { count: sum.count + Number(row.count), cents: sum.cents + Number(row.cents) };
    }
  return totals;
}

/**
 * the purchase a payment id names: its intent's, else the one that recorded it as its payment reference (three
 * parameters, each the id)
 */
const BY_PAYMENT_SQL = `("payment_intent_id" = ? or "payment_reference" = ?) order by "payment_intent_id" = ? desc nulls last limit 1`;

/** the status as it happened; its one parameter is the filter's `abandonedBefore` */
const VIEW_STATUS_SQL = `case when "status" = 'pending' then (case when "created_at" < ? then 'abandoned' else 'awaiting_payment' end) else "status" end`;

/** a payment attempt was reported (decision 0078); the predicate of the partial index `purchases_attempted_status` */
const ATTEMPTED_SQL = `"payment_attempted_at" is not null`;
/** `isPurchase`: an attempt reported, or a checkout still open; its one parameter is the scope's `openSince` */
const SCOPE_SQL = `${ATTEMPTED_SQL} or ("status" = 'pending' and "created_at" >= ?)`;

/** `isPurchase` as a query of the purchase rows */
function purchaseScopeWhere(scope: PurchaseScope) {
  return { $or: [{ paymentAttemptedAt: { $ne: null } }, { status: 'pending', createdAt: { $gte: scope.openSince } }] };
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function filterSql(filter: PurchaseFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.scope) {
    where.push(`(${SCOPE_SQL})`);
    params.push(filter.scope.openSince);
  }
  if (filter.status === 'awaiting_payment' || filter.status === 'abandoned') {
    where.push(`"status" = 'pending' and "created_at" ${filter.status === 'abandoned' ? '<' : '>='} ?`);
    params.push(filter.abandonedBefore);
  } else if (filter.status !== undefined) {
    where.push(`"status" = ?`);
    params.push(filter.status);
  }
  if (filter.productType !== undefined) {
    where.push(`"product_type" = ?`);
    params.push(filter.productType);
  }
  if (filter.buyer !== undefined) {
    const like = likeContaining(filter.buyer);
    where.push(
      `("buyer_discord" ilike ? or "user_id" in (select "id" from "users" where "username" ilike ? or "discord_username" ilike ? or "discord_id" = ?))`,
    );
    params.push(like, like, like, filter.buyer);
  }
  if (filter.from !== undefined) {
    where.push(`"created_at" >= ?`);
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    where.push(`"created_at" < ?`);
    params.push(filter.to);
  }
  return { where, params };
}

/** a purchase from a row as plain SQL returns it */
const purchaseOf = (row: Record<string, unknown>) => toPurchase(fromColumns<InferEntity<typeof PurchaseRow>>(row));

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
    ...(row.paymentAttemptedAt ? { paymentAttemptedAt: row.paymentAttemptedAt } : {}),
    // recorded once paid: absent before, as on a purchase just built
    ...(row.paymentReference ? { paymentReference: row.paymentReference } : {}),
    ...(row.amountPaidCents !== null && row.amountPaidCents !== undefined
      ? { amountPaidCents: row.amountPaidCents }
      : {}),
    gateway: row.gateway as PaymentGatewayName,
    ...(row.discount ? { discount: typeof row.discount === 'string' ? JSON.parse(row.discount) : row.discount } : {}),
    ...(row.creatorId && row.creatorCode
      ? {
          creator: {
            id: row.creatorId,
            code: row.creatorCode,
            provider: (row.creatorProvider ?? null) as PurchaseCreator['provider'],
          },
        }
      : {}),
    // one-time purchases carry no billing at all
    ...(row.billingReason
      ? {
          billing: {
            reason: row.billingReason as BillingReason,
            subscriptionId: row.subscriptionId ?? null,
            membershipId: row.membershipId ?? null,
            periodStart: row.periodStart ?? null,
            periodEnd: row.periodEnd ?? null,
          },
        }
      : {}),
    ...(row.providerCodes
      ? {
          providerCodes: typeof row.providerCodes === 'string' ? JSON.parse(row.providerCodes) : row.providerCodes,
        }
      : {}),
    ...(row.consentVersion && row.consentAt
      ? {
          withdrawalConsent: {
            version: row.consentVersion,
            givenAt: row.consentAt,
            address: row.consentAddress ?? null,
          },
        }
      : {}),
    ...(row.giftDiscordId
      ? {
          gift: {
            discordId: row.giftDiscordId,
            userId: row.giftUserId ?? null,
            name: row.giftName ?? row.giftDiscordId,
            months: row.giftMonths ?? null,
            deliveredAt: row.giftDeliveredAt ?? null,
          },
        }
      : {}),
  };
}

/** the creator's columns: null for none */
function creatorColumns(creator: PurchaseCreator | null | undefined) {
  return {
    creatorId: creator?.id ?? null,
    creatorCode: creator?.code ?? null,
    creatorProvider: creator?.provider ?? null,
  };
}

/** the withdrawal consent's columns: null for none */
function consentColumns(consent: WithdrawalConsent | null | undefined) {
  return {
    consentVersion: consent?.version ?? null,
    consentAt: consent?.givenAt ?? null,
    consentAddress: consent?.address ?? null,
  };
}

/** a gift's columns: all null for a purchase bought for the buyer */
function giftColumns(gift: PurchaseGift | null | undefined) {
  return {
    giftDiscordId: gift?.discordId ?? null,
    giftUserId: gift?.userId ?? null,
    giftName: gift?.name ?? null,
    giftMonths: gift?.months ?? null,
    giftDeliveredAt: gift?.deliveredAt ?? null,
  };
}

function toRow({ billing, creator, gift, withdrawalConsent, ...purchase }: Purchase) {
  return {
    ...purchase,
    ...creatorColumns(creator),
    ...consentColumns(withdrawalConsent),
    ...giftColumns(gift),
    paymentReference: purchase.paymentReference ?? null,
    amountPaidCents: purchase.amountPaidCents ?? null,
    paymentAttemptedAt: purchase.paymentAttemptedAt ?? null,
    gateway: purchase.gateway ?? 'demo',
    discount: purchase.discount ?? null,
    providerCodes: purchase.providerCodes ?? null,
    billingReason: billing?.reason ?? null,
    subscriptionId: billing?.subscriptionId ?? null,
    membershipId: billing?.membershipId ?? null,
    periodStart: billing?.periodStart ?? null,
    periodEnd: billing?.periodEnd ?? null,
  };
}

// the repository contract suites import these from here
