import type { Clock } from '../../shared/ports.ts';
import type { DeliveryOutbox } from '../ports.ts';

/** Puts every failed delivery back in the queue with a fresh count of tries; answers their ids. */
export class RetryFailedDeliveries {
  constructor(
    private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
    private readonly onRequeued: () => void = () => {},
  ) {}

  async execute(): Promise<string[]> {
    const moved = await this.outbox.requeueFailed('all', this.clock.now());
    if (moved.length > 0) this.onRequeued();
    return moved;
  }
}
