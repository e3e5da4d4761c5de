import { PURCHASE_STATUSES, type Purchase } from '../../core/purchases/model/purchase.ts';
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
import { BUYER_PURCHASE_STATUSES, isPurchase, type PurchaseScope } from '../../core/purchases/model/buyer-view.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';
import { newestFirst, oldestFirst } from './paging.ts';

export class InMemoryPurchaseRepository implements PurchaseRepository, SnapshotStore {
  private readonly rows = new Map<string, Purchase>();
  /** without accounts here, an admin is named by their id */
  private readonly changes: PurchaseStatusStep[] = [];

  async statusHistory(id: string): Promise<PurchaseStatusChange[]> {
    return (await this.statusHistoryOf([id])).map(({ purchaseId: _, ...change }) => change);
  }

  async statusHistoryOf(ids: readonly string[]): Promise<PurchaseStatusStep[]> {
    return this.changes.filter((change) => ids.includes(change.purchaseId)).map((change) => structuredClone(change));
  }

  private started(purchase: Purchase): void {
    this.changes.push({
      purchaseId: purchase.id,
      status: 'checkout_started',
      reason: null,
      by: null,
      at: purchase.createdAt,
    });
  }

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(purchase: Purchase): Promise<void> {
    if (this.rows.has(purchase.id)) throw new Error(`purchase ${purchase.id} exists`);
    this.rows.set(purchase.id, stored(purchase));
    this.started(purchase);
  }

  // no await between reading and adding: concurrent claims in this process cannot interleave
  async claimCheckout(purchase: Purchase, rules: OpenCheckoutRules): Promise<CheckoutClaim> {
    const open = [...this.rows.values()].filter(
      (row) =>
        row.userId === purchase.userId &&
        row.status === 'pending' &&
        row.createdAt >= rules.openSince &&
        (!row.billing || row.billing.reason === 'start'),
    );
    const same = newestFirst(
      open.filter(
        (row) =>
          row.productId === purchase.productId &&
          row.optionId === purchase.optionId &&
          (row.billing?.reason ?? null) === (purchase.billing?.reason ?? null),
      ),
    )[0];
    if (same) return { outcome: 'open', purchase: structuredClone(same) };
    if (open.length >= rules.limit) return { outcome: 'full', open: open.length };
    this.rows.set(purchase.id, stored(purchase));
    this.started(purchase);
    return { outcome: 'added', purchase: structuredClone(purchase) };
  }

  async reviseCheckout(id: string, changes: CheckoutChanges): Promise<Purchase | null> {
    const row = this.rows.get(id);
    if (row?.status !== 'pending') return null;
    const revised = { ...row, ...changes };
    this.rows.set(id, revised);
    return structuredClone(revised);
  }

  async findById(id: string): Promise<Purchase | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByPaymentIntent(intentId: string): Promise<Purchase | null> {
    for (const row of this.rows.values()) if (row.paymentIntentId === intentId) return structuredClone(row);
    for (const row of this.rows.values()) if (row.paymentReference === intentId) return structuredClone(row);
    return null;
  }

  lockByPayment(paymentId: string): Promise<Purchase | null> {
    return this.findByPaymentIntent(paymentId);
  }

  async attachIntent(id: string, intentId: string, subscriptionId?: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (row) row.paymentIntentId = intentId;
    if (row?.billing && subscriptionId) row.billing.subscriptionId = subscriptionId;
    return row !== undefined;
  }

  // no await between looking and adding: concurrent calls in this process cannot interleave
  async addBilled(purchase: Purchase): Promise<{ added: boolean; purchase: Purchase }> {
    const billing = purchase.billing;
    if (!billing?.subscriptionId || billing.reason === 'start' || !billing.periodStart)
      throw new Error('addBilled takes a renewal or an upgrade of a known subscription and month');
    for (const row of this.rows.values()) {
      const other = row.billing;
      if (
        other?.subscriptionId === billing.subscriptionId &&
        other.reason === billing.reason &&
        other.periodStart?.getTime() === billing.periodStart.getTime() &&
        (billing.reason === 'renewal' || row.productId === purchase.productId)
      )
        return { added: false, purchase: structuredClone(row) };
    }
    await this.add({ ...purchase, status: 'pending', tokensAwarded: 0, completedAt: null, failureReason: null });
    return { added: true, purchase: structuredClone(this.rows.get(purchase.id) as Purchase) };
  }

  async findStart(subscriptionId: string): Promise<Purchase | null> {
    for (const row of this.rows.values())
      if (row.billing?.reason === 'start' && row.billing.subscriptionId === subscriptionId) return structuredClone(row);
    return null;
  }

  async linkMembership(id: string, membershipId: string, period: { start: Date; end: Date }): Promise<void> {
    const row = this.rows.get(id);
    if (row?.billing) row.billing = { ...row.billing, membershipId, periodStart: period.start, periodEnd: period.end };
  }

  async ofMembership(membershipId: string): Promise<Purchase[]> {
    return newestFirst([...this.rows.values()].filter((row) => row.billing?.membershipId === membershipId)).map((row) =>
      structuredClone(row),
    );
  }

  async discardUnstarted(id: string): Promise<void> {
    if (this.rows.get(id)?.paymentIntentId === null) this.rows.delete(id);
  }

  async update(id: string, change: PurchaseChange): Promise<PurchaseUpdate | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    const previous = structuredClone(row);
    const changes = change(structuredClone(row));
    if (!changes) return { purchase: previous, previous, changed: false };
    const { changedBy, ...columns } = changes;
    this.rows.set(id, { ...row, ...columns });
    if (changes.status !== undefined && changes.status !== 'pending')
      this.changes.push({
        purchaseId: id,
        status: changes.status,
        reason: changes.status === 'completed' ? null : (changes.failureReason ?? null),
        by: changedBy ? { id: changedBy, name: changedBy } : null,
        at: changes.updatedAt,
      });
    return { purchase: structuredClone({ ...row, ...columns }), previous, changed: true };
  }

  async list(query: PurchaseListQuery): Promise<Purchase[]> {
    return this.page((row) => !query.status || row.status === query.status, query);
  }

  /** newest first, `limit` at a time after the purchase `before` (an unknown id gives an empty page) */
  private page(admitted: (row: Purchase) => boolean, page: { limit?: number; before?: string }): Purchase[] {
    let matching = newestFirst([...this.rows.values()].filter(admitted));
    if (page.before !== undefined) {
      const cursor = this.rows.get(page.before);
      matching = cursor
        ? matching.filter(
            (row) =>
              row.createdAt < cursor.createdAt ||
              (row.createdAt.getTime() === cursor.createdAt.getTime() && row.id < cursor.id),
          )
        : [];
    }
    return matching.slice(0, page.limit ?? matching.length).map((row) => structuredClone(row));
  }

  async listByBuyer(
    userId: string,
    query: { limit: number; before?: string; scope?: PurchaseScope },
  ): Promise<Purchase[]> {
    let mine = newestFirst(
      [...this.rows.values()].filter(
        (row) => row.userId === userId || (row.gift?.userId === userId && row.gift.deliveredAt !== null),
      ),
    );
    if (query.before !== undefined) {
      // the cursor need only be theirs: a checkout that stopped being open since still marks where the page ends
      const at = mine.findIndex((row) => row.id === query.before);
      mine = at === -1 ? [] : mine.slice(at + 1);
    }
    const { scope } = query;
    if (scope) mine = mine.filter((row) => isPurchase(row, scope));
    return mine.slice(0, query.limit).map((row) => structuredClone(row));
  }

  async giftsAwaiting(discordId: string): Promise<Purchase[]> {
    return [...this.rows.values()]
      .filter((row) => row.status === 'completed' && row.gift?.discordId === discordId && !row.gift.deliveredAt)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((row) => structuredClone(row));
  }

  async totals(): Promise<PurchaseTotals> {
    const totals = Object.fromEntries(
      PURCHASE_STATUSES.map((status) => [status, { count: 0, cents: 0 }]),
    ) as PurchaseTotals;
    for (const row of this.rows.values()) {
      totals[row.status].count += 1;
      totals[row.status].cents += row.amountPaidCents ?? row.priceCents;
    }
    return totals;
  }

  async search(filter: PurchaseFilter, page: { limit?: number; before?: string }): Promise<Purchase[]> {
    return this.page((row) => admits(filter, row), page);
  }

  async summarize(filter: PurchaseFilter): Promise<PurchaseStatusTotals> {
    const totals = Object.fromEntries(
      BUYER_PURCHASE_STATUSES.map((status) => [status, { count: 0, cents: 0 }]),
    ) as PurchaseStatusTotals;
    for (const row of this.rows.values()) {
      if (!admits(filter, row)) continue;
      totals[viewStatus(filter, row)].count += 1;
      totals[viewStatus(filter, row)].cents += row.amountPaidCents ?? row.priceCents;
    }
    return totals;
  }

  async recentCompleted(limit: number): Promise<Purchase[]> {
    return [...this.rows.values()]
      .filter((row) => row.status === 'completed')
      .sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0))
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }

  async pendingCreatedBefore(
    date: Date,
    page: { limit: number; after?: { createdAt: Date; id: string } },
  ): Promise<Purchase[]> {
    const { after } = page;
    return oldestFirst(
      [...this.rows.values()].filter(
        (row) =>
          row.status === 'pending' &&
          row.createdAt < date &&
          (!after ||
            row.createdAt > after.createdAt ||
            (row.createdAt.getTime() === after.createdAt.getTime() && row.id > after.id)),
      ),
    )
      .slice(0, page.limit)
      .map((row) => structuredClone(row));
  }
}

function viewStatus(filter: PurchaseFilter, row: Purchase) {
  if (row.status !== 'pending') return row.status;
  return row.createdAt < filter.abandonedBefore ? 'abandoned' : 'awaiting_payment';
}

/** without accounts here, the buyer is matched on the Discord name given at checkout or the user id */
function admits(filter: PurchaseFilter, row: Purchase): boolean {
  if (filter.scope && !isPurchase(row, filter.scope)) return false;
  if (filter.status !== undefined && viewStatus(filter, row) !== filter.status) return false;
  if (filter.productType !== undefined && row.productType !== filter.productType) return false;
  if (filter.from !== undefined && row.createdAt < filter.from) return false;
  if (filter.to !== undefined && row.createdAt >= filter.to) return false;
  if (filter.buyer !== undefined) {
    const text = filter.buyer.toLowerCase();
    if (!(row.buyerDiscord ?? '').toLowerCase().includes(text) && row.userId !== filter.buyer) return false;
  }
  return true;
}

/** as the database keeps it: every stored purchase names its gateway */
function stored(purchase: Purchase): Purchase {
  return structuredClone({ ...purchase, gateway: purchase.gateway ?? 'demo' });
}
