import type { Clock, TransactionRunner } from '../../shared/ports.ts';
import { WebhookEndpointNotFoundError } from '../errors.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../ports.ts';

/** Removes an endpoint: it hears nothing more, and its messages still waiting fail (its sent ones stay listed). */
export class RemoveWebhookEndpoint {
  constructor(
    private readonly deps: {
      endpoints: WebhookEndpoints;
      outbox: WebhookOutbox;
      transactions: TransactionRunner;
      clock: Clock;
    },
  ) {}

  async execute(input: { id: string; by: string }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.transactions.run(async () => {
      if (!(await this.deps.endpoints.remove(input.id, input.by, now)))
        throw new WebhookEndpointNotFoundError(input.id);
      await this.deps.outbox.failWaiting(input.id, `The endpoint was removed by ${input.by}.`, now);
    });
  }
}
