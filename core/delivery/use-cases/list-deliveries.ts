import type { Delivery, DeliveryStatus } from '../model/delivery.ts';
import type { DeliveryOutbox } from '../ports.ts';

export class ListDeliveries {
  constructor(private readonly outbox: DeliveryOutbox) {}

  execute(query: { status?: DeliveryStatus; limit?: number } = {}): Promise<Delivery[]> {
    return this.outbox.list({ status: query.status, limit: query.limit ?? 200 });
  }

  /** these deliveries as they stand now (unknown ids are left out) */
  async byIds(ids: readonly string[]): Promise<Delivery[]> {
    const found = await Promise.all(ids.map((id) => this.outbox.findById(id)));
    return found.filter((delivery): delivery is Delivery => delivery !== null);
  }
}
