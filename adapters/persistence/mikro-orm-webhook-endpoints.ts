import type { WebhookEndpoint } from '../../core/webhooks/model/webhook-endpoint.ts';
import { isWebhookEventType, type WebhookEventType } from '../../core/webhooks/model/webhook-events.ts';
import type { WebhookEndpoints } from '../../core/webhooks/ports.ts';
import type { Database } from './database.ts';
import { isUuid } from './mikro-orm-user-repository.ts';
import { date } from './row-values.ts';

/** what a change to the endpoints announces (migration 0049's trigger, and this process's own writes) */
export const WEBHOOK_ENDPOINTS_CHANGED = 'table:webhook_endpoints';

type Row = Record<string, unknown>;

function toEndpoint(row: Row): WebhookEndpoint {
  return {
    id: String(row.id),
    url: String(row.url),
    description: String(row.description),
    events: String(row.events)
      .split(',')
      .filter((type): type is WebhookEventType => isWebhookEventType(type)),
    sealedSecret: String(row.secret_sealed),
    createdBy: String(row.created_by),
    createdAt: date(row.created_at),
  };
}

/** The registered endpoints on Postgres; a removed one is stored, marked, so its messages stay listed. */
export class MikroOrmWebhookEndpoints implements WebhookEndpoints {
  constructor(protected readonly database: Database) {}

  async subscribedTo(type: WebhookEventType): Promise<WebhookEndpoint[]> {
    return (await this.list()).filter((endpoint) => endpoint.events.includes(type));
  }

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await this.database.query<Row>(
      `select * from "webhook_endpoints" where "removed_at" is null order by "created_at", "id"`,
    );
    return rows.map(toEndpoint);
  }

  async findById(id: string): Promise<WebhookEndpoint | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.database.query<Row>(
      `select * from "webhook_endpoints" where "id" = ? and "removed_at" is null`,
      [id],
    );
    return row ? toEndpoint(row) : null;
  }

  async add(endpoint: WebhookEndpoint): Promise<void> {
    await this.database.query(
      `insert into "webhook_endpoints" ("id", "url", "description", "events", "secret_sealed", "created_by", "created_at")
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        endpoint.id,
        endpoint.url,
        endpoint.description,
        endpoint.events.join(','),
        endpoint.sealedSecret,
        endpoint.createdBy,
        endpoint.createdAt,
      ],
    );
    this.database.changed(WEBHOOK_ENDPOINTS_CHANGED);
  }

  async remove(id: string, by: string, at: Date): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await this.database.query(
      `update "webhook_endpoints" set "removed_at" = ?, "removed_by" = ? where "id" = ? and "removed_at" is null returning "id"`,
      [at, by, id],
    );
    this.database.changed(WEBHOOK_ENDPOINTS_CHANGED);
    return rows.length > 0;
  }
}
