import type { Clock } from '../../shared/ports.ts';
import { DeliveryNotFoundError, DeliveryNotRetryableError } from '../errors.ts';
import type { Delivery } from '../model/delivery.ts';
import type { DeliveryOutbox } from '../ports.ts';

/** Puts one failed delivery back in the queue with a fresh count of tries; the worker sends it at once. */
export class RetryDelivery {
  constructor(
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onRequeued: () => void = () => {},
  ) {}

  async execute(id: string): Promise<Delivery> {
    const delivery = await this.outbox.findById(id);
    if (!delivery) throw new DeliveryNotFoundError(id);
    if (delivery.status !== 'failed') throw new DeliveryNotRetryableError(delivery.status);
    const now = this.clock.now();
    const moved = await this.outbox.requeueFailed([id], now);
    if (moved.length === 0) throw new DeliveryNotRetryableError((await this.outbox.findById(id))?.status ?? 'pending');
    // the delivery as the requeue left it: the worker's next poll may take it before a second read could
    const requeued: Delivery = { ...delivery, status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now };
    this.onRequeued();
    return requeued;
  }
}
