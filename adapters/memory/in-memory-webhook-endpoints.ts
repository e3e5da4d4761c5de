import type { WebhookEndpoint } from '../../core/webhooks/model/webhook-endpoint.ts';
import type { WebhookEventType } from '../../core/webhooks/model/webhook-events.ts';
import type { WebhookEndpoints } from '../../core/webhooks/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** The registered endpoints in a map; a removed one is dropped. */
export class InMemoryWebhookEndpoints implements WebhookEndpoints, SnapshotStore {
  private readonly rows = new Map<string, WebhookEndpoint>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async subscribedTo(type: WebhookEventType): Promise<WebhookEndpoint[]> {
    return (await this.list()).filter((endpoint) => endpoint.events.includes(type));
  }

  async list(): Promise<WebhookEndpoint[]> {
    return [...this.rows.values()]
      .map((endpoint) => structuredClone(endpoint))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  async findById(id: string): Promise<WebhookEndpoint | null> {
    const endpoint = this.rows.get(id);
    return endpoint ? structuredClone(endpoint) : null;
  }

  async add(endpoint: WebhookEndpoint): Promise<void> {
    this.rows.set(endpoint.id, structuredClone(endpoint));
  }

  async remove(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }
}
