import type { DemoIntent, DemoIntentStore } from './demo-payment-gateway.ts';

/** Demo intents kept in process memory, for core tests and dry runs. */
export class InMemoryDemoIntentStore implements DemoIntentStore {
  private readonly rows = new Map<string, DemoIntent>();

  async insert(intent: DemoIntent): Promise<void> {
    for (const row of this.rows.values()) if (row.idempotencyKey === intent.idempotencyKey) throw new Error(`demo intent key ${intent.idempotencyKey} exists`);
    this.rows.set(intent.id, structuredClone(intent));
  }

  async findById(id: string): Promise<DemoIntent | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByKey(key: string): Promise<DemoIntent | null> {
    for (const row of this.rows.values()) if (row.idempotencyKey === key) return structuredClone(row);
    return null;
  }

  async update(intent: DemoIntent): Promise<void> {
    this.rows.set(intent.id, structuredClone(intent));
  }
}
