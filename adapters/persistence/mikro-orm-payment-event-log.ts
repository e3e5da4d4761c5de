import type { PaymentEventLog } from '../../core/purchases/ports.ts';
import type { Database } from './database.ts';

/** Payment webhook event ids already handled (payment_events), so a redelivered event is applied once. */
export class MikroOrmPaymentEventLog implements PaymentEventLog {
  constructor(private readonly database: Database) {}

  async record(event: { id: string; type: string; purchaseId: string | null; receivedAt: Date }): Promise<boolean> {
    // a duplicate waits for the first delivery's transaction, then finds the id taken
    const inserted = await this.database.em.execute<Array<{ id: string }>>(
      `insert into "payment_events" ("id", "type", "purchase_id", "received_at") values (?, ?, ?, ?) on conflict ("id") do nothing returning "id"`,
      [event.id, event.type, event.purchaseId, event.receivedAt],
    );
    return inserted.length === 1;
  }
}
