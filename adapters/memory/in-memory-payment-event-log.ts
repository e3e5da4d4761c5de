import type { PaymentEventLog } from '../../core/purchases/ports.ts';
import { type SnapshotStore, snapshotMap } from './in-memory-transactions.ts';

export class InMemoryPaymentEventLog implements PaymentEventLog, SnapshotStore {
  readonly seen = new Map<string, string>();

  snapshot(): () => void {
    return snapshotMap(this.seen);
  }

  async record(event: { id: string; type: string }): Promise<boolean> {
    if (this.seen.has(event.id)) return false;
    this.seen.set(event.id, event.type);
    return true;
  }
}
