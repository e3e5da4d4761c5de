import { WebhookEndpointNotFoundError } from '../errors.ts';
import type { WebhookMessageWithAttempts } from '../model/webhook-message.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../ports.ts';

/** An endpoint's recent messages, newest first, each with every try's answer. */
export class ListWebhookMessages {
  constructor(private readonly deps: { endpoints: WebhookEndpoints; outbox: WebhookOutbox }) {}

  async execute(input: { endpointId: string; limit?: number }): Promise<WebhookMessageWithAttempts[]> {
    if (!(await this.deps.endpoints.findById(input.endpointId)))
      throw new WebhookEndpointNotFoundError(input.endpointId);
    return this.deps.outbox.listForEndpoint(input.endpointId, Math.min(Math.max(input.limit ?? 50, 1), 200));
  }
}
