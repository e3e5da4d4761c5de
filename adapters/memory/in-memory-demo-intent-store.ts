import type { DemoIntent, DemoIntentStore } from '../payments/demo-payment-gateway.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** Demo intents in a map, keeping the table's rules: id and idempotency key are unique; an update writes only what may change. */
export class InMemoryDemoIntentStore implements DemoIntentStore, SnapshotStore {
  private readonly rows = new Map<string, DemoIntent>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async insertOnce(intent: DemoIntent): Promise<DemoIntent> {
    const first = this.find((row) => row.idempotencyKey === intent.idempotencyKey);
    if (first) return structuredClone(first);
    if (this.rows.has(intent.id)) throw new Error(`A demo intent with id ${intent.id} exists.`);
    this.rows.set(intent.id, structuredClone(intent));
    return structuredClone(intent);
  }

  async findById(id: string): Promise<DemoIntent | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByKey(idempotencyKey: string): Promise<DemoIntent | null> {
    const row = this.find((candidate) => candidate.idempotencyKey === idempotencyKey);
    return row ? structuredClone(row) : null;
  }

  async update(intent: DemoIntent): Promise<void> {
    const row = this.rows.get(intent.id);
    if (!row) return;
    const { status, failureMessage, refunded, amountCents, metadata } = structuredClone(intent);
    Object.assign(row, { status, failureMessage, refunded, amountCents, metadata });
  }

  private find(test: (row: DemoIntent) => boolean): DemoIntent | undefined {
    for (const row of this.rows.values()) if (test(row)) return row;
    return undefined;
  }
}
