import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound webhooks (decision 0108): the endpoints admins register (a removed one stays, marked, so its messages
 * stay listed), the outbox of messages written with their cause (one per event and endpoint, its dedupe key unique),
 * and each try's answer. Server processes keep the endpoints in memory: a change to them is announced as
 * `table:webhook_endpoints`, as 0039 does for coupons and sales.
 */
export class Migration20261201000049Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid primary key,
      "url" varchar(2000) not null,
      "description" varchar(200) not null default '',
      "events" varchar(400) not null,
      "secret_sealed" text not null,
      "created_by" varchar(255) not null,
      "created_at" timestamptz not null default now(),
      "removed_at" timestamptz null,
      "removed_by" varchar(255) null
    );`);
    this.addSql(
      `create trigger "webhook_endpoints_cache" after insert or update or delete on "webhook_endpoints" for each row execute function "bayou_table_changed"();`,
    );
    this.addSql(`create table "webhook_messages" (
      "id" uuid primary key,
      "endpoint_id" uuid not null references "webhook_endpoints" ("id"),
      "type" varchar(32) not null,
      "body" text not null,
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'sending', 'delivered', 'failed')),
      "dedupe_key" varchar(255) not null,
      "resend_of" uuid null,
      "attempts" integer not null default 0 check ("attempts" >= 0),
      "next_attempt_at" timestamptz not null default now(),
      "locked_until" timestamptz null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "delivered_at" timestamptz null,
      constraint "webhook_messages_dedupe_key_unique" unique ("dedupe_key")
    );`);
    // the worker's question: what is due now (pending, or sending with a lapsed lease)
    this.addSql(
      `create index "webhook_messages_due" on "webhook_messages" ("next_attempt_at") where "status" in ('pending', 'sending');`,
    );
    this.addSql(`create index "webhook_messages_endpoint" on "webhook_messages" ("endpoint_id", "created_at" desc);`);
    this.addSql(`create table "webhook_attempts" (
      "id" bigserial primary key,
      "message_id" uuid not null references "webhook_messages" ("id") on delete cascade,
      "number" integer not null,
      "at" timestamptz not null,
      "status_code" integer null,
      "response_body" text null,
      "duration_ms" integer not null,
      "error" text null
    );`);
    this.addSql(`create index "webhook_attempts_message" on "webhook_attempts" ("message_id", "number");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_attempts";`);
    this.addSql(`drop table if exists "webhook_messages";`);
    this.addSql(`drop table if exists "webhook_endpoints";`);
  }
}
