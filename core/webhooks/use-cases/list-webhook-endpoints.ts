import type { WebhookEndpoint } from '../model/webhook-endpoint.ts';
import type { WebhookMessage } from '../model/webhook-message.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../ports.ts';

export interface WebhookEndpointSummary {
  endpoint: WebhookEndpoint;
  /** its newest message's status, or null when it has none yet */
  last: { status: WebhookMessage['status']; at: Date; lastError: string | null } | null;
}

/** The registered endpoints, oldest first, each with how its newest message went. */
export class ListWebhookEndpoints {
  constructor(private readonly deps: { endpoints: WebhookEndpoints; outbox: WebhookOutbox }) {}

  async execute(): Promise<WebhookEndpointSummary[]> {
    const [endpoints, results] = [await this.deps.endpoints.list(), await this.deps.outbox.lastResults()];
    return endpoints.map((endpoint) => ({ endpoint, last: results.get(endpoint.id) ?? null }));
  }
}
