import { PURCHASE_STATUSES, type Purchase } from '../../core/purchases/purchase.ts';
import type {
  CheckoutChanges,
  CheckoutClaim,
  OpenCheckoutRules,
  PaymentEventLog,
  PurchaseChanges,
  PurchaseListQuery,
  PurchaseRepository,
  PurchaseTotals,
} from '../../core/purchases/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';
import { newestFirst } from './paging.ts';

export class InMemoryPurchaseRepository implements PurchaseRepository, SnapshotStore {
  private readonly rows = new Map<string, Purchase>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(purchase: Purchase): Promise<void> {
    if (this.rows.has(purchase.id)) throw new Error(`purchase ${purchase.id} exists`);
    this.rows.set(purchase.id, structuredClone(purchase));
  }

  // no await between reading and adding: concurrent claims in this process cannot interleave
  async claimCheckout(purchase: Purchase, rules: OpenCheckoutRules): Promise<CheckoutClaim> {
    const open = [...this.rows.values()].filter(
      (row) => row.userId === purchase.userId && row.status === 'pending' && row.createdAt >= rules.openSince,
    );
    const same = newestFirst(
      open.filter((row) => row.productId === purchase.productId && row.optionId === purchase.optionId),
    )[0];
    if (same) return { outcome: 'open', purchase: structuredClone(same) };
    if (open.length >= rules.limit) return { outcome: 'full', open: open.length };
    this.rows.set(purchase.id, structuredClone(purchase));
    return { outcome: 'added', purchase: structuredClone(purchase) };
  }

  async reviseCheckout(id: string, changes: CheckoutChanges): Promise<Purchase | null> {
    const row = this.rows.get(id);
    if (!row || row.status !== 'pending') return null;
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
    return null;
  }

  async attachIntent(id: string, intentId: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (row) row.paymentIntentId = intentId;
    return row !== undefined;
  }

  async discardUnstarted(id: string): Promise<void> {
    if (this.rows.get(id)?.paymentIntentId === null) this.rows.delete(id);
  }

  async transition(
    id: string,
    from: readonly Purchase['status'][],
    changes: PurchaseChanges,
  ): Promise<Purchase | null> {
    const row = this.rows.get(id);
    if (!row || !from.includes(row.status)) return null;
    const before = structuredClone(row);
    this.rows.set(id, { ...row, ...changes });
    return before;
  }

  async list(query: PurchaseListQuery): Promise<Purchase[]> {
    let matching = newestFirst([...this.rows.values()].filter((row) => !query.status || row.status === query.status));
    if (query.before !== undefined) {
      const cursor = this.rows.get(query.before);
      matching = cursor
        ? matching.filter(
            (row) =>
              row.createdAt < cursor.createdAt ||
              (row.createdAt.getTime() === cursor.createdAt.getTime() && row.id < cursor.id),
          )
        : [];
    }
    return matching.slice(0, query.limit ?? matching.length).map((row) => structuredClone(row));
  }

  async listByBuyer(userId: string, query: { limit: number; before?: string }): Promise<Purchase[]> {
    let mine = newestFirst([...this.rows.values()].filter((row) => row.userId === userId));
    if (query.before !== undefined) {
      const at = mine.findIndex((row) => row.id === query.before);
      mine = at === -1 ? [] : mine.slice(at + 1);
    }
    return mine.slice(0, query.limit).map((row) => structuredClone(row));
  }

  async totals(): Promise<PurchaseTotals> {
    const totals = Object.fromEntries(
      PURCHASE_STATUSES.map((status) => [status, { count: 0, cents: 0 }]),
    ) as PurchaseTotals;
    for (const row of this.rows.values()) {
      totals[row.status].count += 1;
      totals[row.status].cents += row.priceCents;
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

  async pendingCreatedBefore(date: Date): Promise<Purchase[]> {
    return [...this.rows.values()]
      .filter((row) => row.status === 'pending' && row.createdAt < date)
      .map((row) => structuredClone(row));
  }
}
