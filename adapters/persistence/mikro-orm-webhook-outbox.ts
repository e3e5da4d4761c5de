import type { WebhookMessageType } from '../../core/webhooks/model/webhook-events.ts';
import type {
  WebhookAttempt,
  WebhookMessage,
  WebhookMessageStatus,
  WebhookMessageWithAttempts,
  WebhookOutcome,
} from '../../core/webhooks/model/webhook-message.ts';
import type { WebhookOutbox } from '../../core/webhooks/ports.ts';
import type { Database } from './database.ts';
import { LeasedOutbox } from './leased-outbox.ts';
import { isUuid } from './mikro-orm-user-repository.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const COLUMNS = [
  'id',
  'endpoint_id',
  'type',
  'body',
  'status',
  'dedupe_key',
  'resend_of',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'updated_at',
  'delivered_at',
] as const;

function toMessage(row: Row): WebhookMessage {
  return {
    id: String(row.id),
    endpointId: String(row.endpoint_id),
    type: String(row.type) as WebhookMessageType,
    body: String(row.body),
    status: row.status as WebhookMessageStatus,
    dedupeKey: String(row.dedupe_key),
    resendOf: text(row.resend_of),
    attempts: Number(row.attempts),
    nextAttemptAt: date(row.next_attempt_at),
    lastError: text(row.last_error),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deliveredAt: row.delivered_at ? date(row.delivered_at) : null,
  };
}

function toAttempt(row: Row): WebhookAttempt {
  return {
    messageId: String(row.message_id),
    number: Number(row.number),
    at: date(row.at),
    statusCode: row.status_code === null || row.status_code === undefined ? null : Number(row.status_code),
    responseBody: text(row.response_body),
    durationMs: Number(row.duration_ms),
    error: text(row.error),
  };
}

/**
 * The outbox of webhook messages on Postgres, on the statements every outbox shares (LeasedOutbox): written with
 * their cause, claimed under a lease with SKIP LOCKED, so several server processes share the sending. A try's
 * answer is written with its outcome, in one statement.
 */
export class MikroOrmWebhookOutbox implements WebhookOutbox {
  private readonly rows: LeasedOutbox<WebhookMessage>;

  constructor(database: Database) {
    this.rows = new LeasedOutbox(database, 'webhook_messages', COLUMNS, toMessage);
  }

  async add(messages: WebhookMessage[]): Promise<void> {
    await this.rows.add(
      messages.map((m) => [
        m.id,
        m.endpointId,
        m.type,
        m.body,
        m.status,
        m.dedupeKey,
        m.resendOf,
        m.attempts,
        m.nextAttemptAt,
        m.lastError,
        m.createdAt,
        m.updatedAt,
        m.deliveredAt,
      ]),
    );
  }

  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<WebhookMessage[]> {
    return this.rows.claimDue(now, limit, leaseUntil);
  }

  async settle(id: string, outcome: WebhookOutcome, attempt: WebhookAttempt): Promise<void> {
    // only while it is still ours: a lapsed lease handed it to another worker, whose outcome stands
    await this.rows.query(
      `with "settled" as (
         update "webhook_messages" set "status" = ?, "next_attempt_at" = ?, "last_error" = ?, "delivered_at" = ?,
           "updated_at" = ?, "locked_until" = null
         where "id" = ? and "status" = 'sending' returning "id"
       )
       insert into "webhook_attempts" ("message_id", "number", "at", "status_code", "response_body", "duration_ms", "error")
       select "id", ?, ?, ?, ?, ?, ? from "settled"`,
      [
        outcome.status,
        outcome.nextAttemptAt,
        outcome.lastError,
        outcome.deliveredAt,
        outcome.updatedAt,
        id,
        attempt.number,
        attempt.at,
        attempt.statusCode,
        attempt.responseBody,
        Math.round(attempt.durationMs),
        attempt.error,
      ],
    );
  }

  findById(id: string): Promise<WebhookMessage | null> {
    return this.rows.findById(id);
  }

  async listForEndpoint(endpointId: string, limit: number): Promise<WebhookMessageWithAttempts[]> {
    if (!isUuid(endpointId)) return [];
    const messages = (
      await this.rows.query(
        `select * from "webhook_messages" where "endpoint_id" = ? order by "created_at" desc, "id" desc limit ?`,
        [endpointId, limit],
      )
    ).map(toMessage);
    if (messages.length === 0) return [];
    const tries = (
      await this.rows.query(
        `select * from "webhook_attempts" where "message_id" in (${messages.map(() => '?').join(', ')}) order by "number", "id"`,
        messages.map((m) => m.id),
      )
    ).map(toAttempt);
    return messages.map((message) => ({ ...message, tries: tries.filter((t) => t.messageId === message.id) }));
  }

  async lastResults() {
    // each endpoint's newest message through its index, not every message the table has gathered
    const rows = await this.rows.query(
      `select "e"."id" as "endpoint_id", "m"."status", "m"."updated_at", "m"."last_error"
       from "webhook_endpoints" as "e"
       cross join lateral (
         select "status", "updated_at", "last_error" from "webhook_messages"
         where "endpoint_id" = "e"."id" order by "created_at" desc, "id" desc limit 1
       ) as "m"`,
    );
    return new Map(
      rows.map((row) => [
        String(row.endpoint_id),
        { status: row.status as WebhookMessageStatus, at: date(row.updated_at), lastError: text(row.last_error) },
      ]),
    );
  }

  async failWaiting(endpointId: string, reason: string, at: Date): Promise<void> {
    await this.rows.query(
      `update "webhook_messages" set "status" = 'failed', "last_error" = ?, "updated_at" = ?, "next_attempt_at" = ?, "locked_until" = null
       where "endpoint_id" = ? and "status" in ('pending', 'sending')`,
      [reason, at, at, endpointId],
    );
  }
}
