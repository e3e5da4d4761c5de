import type { Delivery } from '../model/delivery.ts';
import type { DeliveryOutbox } from '../ports.ts';

/** These deliveries as they stand now (unknown ids are left out). */
export class FindDeliveries {
  constructor(private readonly outbox: DeliveryOutbox) {}

  async execute(ids: readonly string[]): Promise<Delivery[]> {
    const found = await Promise.all(ids.map((id) => this.outbox.findById(id)));
    return found.filter((delivery): delivery is Delivery => delivery !== null);
  }
}
