import type { PaymentEventLog, UnmatchedPaymentEvent } from '../../core/purchases/ports.ts';
import type { Database } from './database.ts';

/**
 * Payment webhook event ids already handled (payment_events), so a redelivered event is applied once; events that
 * named a purchase they did not pay are stored with `outcome` 'unmatched' (migration 0018) for staff.
 */
export class MikroOrmPaymentEventLog implements PaymentEventLog {
  constructor(private readonly database: Database) {}

  async record(event: {
    id: string;
    type: string;
    purchaseId: string | null;
    receivedAt: Date;
    unmatched?: { namedPurchaseId: string | null; reason: string };
  }): Promise<boolean> {
    // a duplicate waits for the first delivery's transaction, then finds the id taken
    const inserted = await this.database.em.execute<Array<{ id: string }>>(
      `insert into "payment_events" ("id", "type", "purchase_id", "received_at", "outcome", "detail", "named_purchase_id")
       values (?, ?, ?, ?, ?, ?, ?) on conflict ("id") do nothing returning "id"`,
      [
        event.id,
        event.type,
        event.purchaseId,
        event.receivedAt,
        event.unmatched ? 'unmatched' : null,
        event.unmatched?.reason ?? null,
        event.unmatched?.namedPurchaseId ?? null,
      ],
    );
    return inserted.length === 1;
  }

  async unmatched(limit: number): Promise<UnmatchedPaymentEvent[]> {
    const rows = await this.database.query<{
      id: string;
      type: string;
      named_purchase_id: string | null;
      detail: string | null;
      received_at: string | Date;
    }>(
      `select "id", "type", "named_purchase_id", "detail", "received_at" from "payment_events"
       where "outcome" = 'unmatched' order by "received_at" desc, "id" desc limit ${Math.floor(limit)}`,
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      namedPurchaseId: row.named_purchase_id,
      reason: row.detail ?? '',
      receivedAt: new Date(row.received_at),
    }));
  }
}
