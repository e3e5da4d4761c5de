import type { WebhookEndpoint } from '../../core/webhooks/model/webhook-endpoint.ts';
import type { WebhookEventType } from '../../core/webhooks/model/webhook-events.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { Database } from './database.ts';
import { MikroOrmWebhookEndpoints, WEBHOOK_ENDPOINTS_CHANGED } from './mikro-orm-webhook-endpoints.ts';

/**
 * The registered endpoints in this process's memory: every purchase asks which endpoints hear it, and an admin
 * changes them a few times a year; a purchase with none registered reads nothing. A change drops them at once: this
 * process's own (`Database.changed`, again at commit), and every other process's (the CLI's) through the change feed
 * (migration 0049's trigger). A read under way while anything changed is not cached, and while the feed cannot hear,
 * every read goes to the database. They are loaded as the feed starts hearing, and again by the first read after a
 * change.
 */
export class CachedWebhookEndpoints extends MikroOrmWebhookEndpoints {
  private endpoints: WebhookEndpoint[] | null = null;
  /** moves on every change heard: a read that began before it is not cached */
  private changes = 0;

  constructor(
    database: Database,
    private readonly feed: ChangeFeed,
  ) {
    super(database);
    database.onChange((key) => {
      if (key !== '*' && key !== WEBHOOK_ENDPOINTS_CHANGED) return;
      this.changes++;
      this.endpoints = null;
    });
    // loaded as soon as the feed hears, so even the first purchase after a start reads nothing
    feed.onHearing(() => void database.withContext(() => this.list()).catch(() => undefined));
  }

  override async subscribedTo(type: WebhookEventType): Promise<WebhookEndpoint[]> {
    return (await this.list()).filter((endpoint) => endpoint.events.includes(type));
  }

  override async list(): Promise<WebhookEndpoint[]> {
    if (this.feed.hearing && this.endpoints) return this.endpoints.map(copy);
    const since = this.changes;
    const endpoints = await super.list();
    if (this.feed.hearing && since === this.changes) this.endpoints = endpoints.map(copy);
    return endpoints;
  }

  override async findById(id: string): Promise<WebhookEndpoint | null> {
    if (!this.feed.hearing) return super.findById(id);
    return (await this.list()).find((endpoint) => endpoint.id === id) ?? null;
  }
}

/** a copy handed out: what a caller changes stays out of the cache */
const copy = (endpoint: WebhookEndpoint): WebhookEndpoint => structuredClone(endpoint);
