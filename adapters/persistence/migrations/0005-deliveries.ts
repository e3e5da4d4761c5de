import { Migration } from '@mikro-orm/migrations';

/** The Discord delivery outbox: one row per role change, message or staff notice, written with its cause. */
export class Migration20261122000005Deliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "deliveries" (
      "id" uuid primary key,
      "kind" varchar(16) not null check ("kind" in ('grant_role', 'remove_role', 'message_user', 'notify_staff')),
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'sending', 'delivered', 'failed', 'not_configured')),
      "user_id" uuid null references "users" ("id") on delete set null,
      "discord_id" varchar(64) null,
      "role_id" varchar(64) null,
      "content" text null,
      "purchase_id" uuid null references "purchases" ("id"),
      "application_id" uuid null,
      "dedupe_key" varchar(255) not null,
      "attempts" integer not null default 0 check ("attempts" >= 0),
      "next_attempt_at" timestamptz not null default now(),
      "locked_until" timestamptz null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "delivered_at" timestamptz null,
      constraint "deliveries_dedupe_key_unique" unique ("dedupe_key")
    );`);
    // the worker's question: what is due now (pending, or sending with a lapsed lease)
    this.addSql(
      `create index "deliveries_due" on "deliveries" ("next_attempt_at") where "status" in ('pending', 'sending');`,
    );
    this.addSql(
      `create index "deliveries_purchase_id" on "deliveries" ("purchase_id") where "purchase_id" is not null;`,
    );
    this.addSql(`create index "deliveries_status_created" on "deliveries" ("status", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "deliveries";`);
  }
}
