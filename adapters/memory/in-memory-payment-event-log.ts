import type { PaymentEventLog, UnmatchedPaymentEvent } from '../../core/purchases/ports.ts';
import { type SnapshotStore, snapshotMap } from './in-memory-transactions.ts';

export class InMemoryPaymentEventLog implements PaymentEventLog, SnapshotStore {
  readonly seen = new Map<string, { type: string; unmatched: UnmatchedPaymentEvent | null }>();

  snapshot(): () => void {
    return snapshotMap(this.seen);
  }

  async record(event: {
    id: string;
    type: string;
    receivedAt: Date;
    unmatched?: { namedPurchaseId: string | null; reason: string };
  }): Promise<boolean> {
    if (this.seen.has(event.id)) return false;
    const unmatched = event.unmatched
      ? { id: event.id, type: event.type, receivedAt: event.receivedAt, ...event.unmatched }
      : null;
    this.seen.set(event.id, { type: event.type, unmatched });
    return true;
  }

  async unmatched(limit: number): Promise<UnmatchedPaymentEvent[]> {
    return [...this.seen.values()]
      .flatMap((entry) => (entry.unmatched ? [entry.unmatched] : []))
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, limit);
  }
}
