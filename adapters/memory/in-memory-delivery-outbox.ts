import type { Delivery, DeliveryStatus } from '../../core/delivery/model/delivery.ts';
import type { DeliveryOutbox } from '../../core/delivery/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

interface Row {
  delivery: Delivery;
  /** while `sending`: when the claimer's lease runs out */
  lockedUntil: Date | null;
}

const byDue = (a: Delivery, b: Delivery) =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime();
const byCreated = (a: Delivery, b: Delivery) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The outbox in a map. Each method does its work without awaiting, so claims in one process never overlap. */
export class InMemoryDeliveryOutbox implements DeliveryOutbox, SnapshotStore {
  private readonly rows = new Map<string, Row>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(deliveries: Delivery[]): Promise<void> {
    const keys = new Set([...this.rows.values()].map((row) => row.delivery.dedupeKey));
    for (const delivery of deliveries) {
      if (keys.has(delivery.dedupeKey)) continue;
      if (this.rows.has(delivery.id)) throw new Error(`A delivery with id ${delivery.id} exists.`);
      keys.add(delivery.dedupeKey);
      this.rows.set(delivery.id, { delivery: structuredClone(delivery), lockedUntil: null });
    }
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Delivery[]> {
    const due = [...this.rows.values()]
      .filter(({ delivery, lockedUntil }) =>
        delivery.status === 'pending'
          ? delivery.nextAttemptAt <= now
          : delivery.status === 'sending' && lockedUntil !== null && lockedUntil <= now,
      )
      .sort((a, b) => byDue(a.delivery, b.delivery))
      .slice(0, Math.max(0, limit));
    for (const row of due) {
      Object.assign(row.delivery, { status: 'sending', attempts: row.delivery.attempts + 1, updatedAt: now });
      row.lockedUntil = leaseUntil;
    }
    return due.map((row) => structuredClone(row.delivery));
  }

  async settle(
    id: string,
    changes: Pick<Delivery, 'status' | 'nextAttemptAt' | 'lastError' | 'deliveredAt' | 'updatedAt'>,
  ): Promise<void> {
    const row = this.rows.get(id);
    // only while it is still ours: a lapsed lease handed it to another worker, whose outcome stands
    if (row?.delivery.status !== 'sending') return;
    const { status, nextAttemptAt, lastError, deliveredAt, updatedAt } = structuredClone(changes);
    Object.assign(row.delivery, { status, nextAttemptAt, lastError, deliveredAt, updatedAt });
    row.lockedUntil = null;
  }

  async findById(id: string): Promise<Delivery | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row.delivery) : null;
  }

  async list(query: { status?: DeliveryStatus; limit?: number }): Promise<Delivery[]> {
    return this.all()
      .filter((delivery) => !query.status || delivery.status === query.status)
      .sort((a, b) => byCreated(b, a))
      .slice(0, query.limit ?? 200);
  }

  /** one member's deliveries, newest first (the player page) */
  async forUser(userId: string, limit: number): Promise<Delivery[]> {
    return this.all()
      .filter((delivery) => delivery.userId === userId)
      .sort((a, b) => byCreated(b, a))
      .slice(0, limit);
  }

  async forPurchases(purchaseIds: readonly string[]): Promise<Delivery[]> {
    const wanted = new Set(purchaseIds);
    return this.all()
      .filter((delivery) => delivery.purchaseId !== null && wanted.has(delivery.purchaseId))
      .sort(byCreated);
  }

  async requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]> {
    const moved: string[] = [];
    for (const { delivery } of this.rows.values()) {
      if (delivery.status !== 'failed' || (ids !== 'all' && !ids.includes(delivery.id))) continue;
      Object.assign(delivery, { status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now });
      moved.push(delivery.id);
    }
    return moved;
  }

  private all(): Delivery[] {
    return [...this.rows.values()].map((row) => structuredClone(row.delivery));
  }
}
