import type { Clock } from '../shared/ports.ts';
import { DeliveryNotFoundError, DeliveryNotRetryableError, type Delivery, type DeliveryStatus } from './delivery.ts';
import type { DeliveryOutbox } from './ports.ts';

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

/** The deliveries of some purchases, grouped by purchase id (oldest first within a purchase). */
export class PurchaseDeliveries {
  constructor(private readonly outbox: DeliveryOutbox) {}

  async execute(purchaseIds: readonly string[]): Promise<Map<string, Delivery[]>> {
    const byPurchase = new Map<string, Delivery[]>();
    if (purchaseIds.length === 0) return byPurchase;
    for (const delivery of await this.outbox.forPurchases(purchaseIds)) {
      if (!delivery.purchaseId) continue;
      byPurchase.set(delivery.purchaseId, [...(byPurchase.get(delivery.purchaseId) ?? []), delivery]);
    }
    return byPurchase;
  }
}

/** Puts failed deliveries back in the queue with a fresh count of tries; the worker sends them at once. */
export class RetryDeliveries {
  constructor(
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onRequeued: () => void = () => {},
  ) {}

  async one(id: string): Promise<Delivery> {
    const delivery = await this.outbox.findById(id);
    if (!delivery) throw new DeliveryNotFoundError(id);
    if (delivery.status !== 'failed') throw new DeliveryNotRetryableError(delivery.status);
    const moved = await this.outbox.requeueFailed([id], this.clock.now());
    if (moved.length === 0) throw new DeliveryNotRetryableError((await this.outbox.findById(id))?.status ?? 'pending');
    this.onRequeued();
    return (await this.outbox.findById(id))!;
  }

  async allFailed(): Promise<string[]> {
    const moved = await this.outbox.requeueFailed('all', this.clock.now());
    if (moved.length > 0) this.onRequeued();
    return moved;
  }
}
