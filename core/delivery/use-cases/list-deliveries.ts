import type { Delivery, DeliveryStatus } from '../model/delivery.ts';
import type { DeliveryOutbox } from '../ports.ts';

/** The outbox's deliveries, newest first, by status. */
export class ListDeliveries {
  constructor(private readonly outbox: DeliveryOutbox) {}

  execute(query: { status?: DeliveryStatus; limit?: number } = {}): Promise<Delivery[]> {
    return this.outbox.list({ status: query.status, limit: query.limit ?? 200 });
  }
}
