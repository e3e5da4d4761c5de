import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox of emails (decision 0102): a purchase's receipt, a renewal paid or declined, a refund, a gift received,
 * each written with its cause and its whole text, and sent by the worker with retries. Staff read the failed ones
 * and a purchase's; the worker asks what is due.
 */
export class Migration20261130000044Emails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "emails" (
      "id" uuid primary key,
      "kind" varchar(16) not null check ("kind" in ('purchase', 'renewal', 'refund', 'renewal_failed', 'gift_received')),
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'sending', 'sent', 'failed')),
      "to_address" varchar(320) not null,
      "subject" text not null,
      "text_body" text not null,
      "html_body" text not null,
      "user_id" uuid null references "users" ("id") on delete set null,
      "purchase_id" uuid null references "purchases" ("id"),
      "membership_id" uuid null,
      "dedupe_key" varchar(255) not null,
      "attempts" integer not null default 0 check ("attempts" >= 0),
      "next_attempt_at" timestamptz not null default now(),
      "locked_until" timestamptz null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "sent_at" timestamptz null,
      constraint "emails_dedupe_key_unique" unique ("dedupe_key")
    );`);
    // the worker's question: what is due now (pending, or sending with a lapsed lease)
    this.addSql(`create index "emails_due" on "emails" ("next_attempt_at") where "status" in ('pending', 'sending');`);
    this.addSql(`create index "emails_purchase_id" on "emails" ("purchase_id") where "purchase_id" is not null;`);
    this.addSql(`create index "emails_status_created" on "emails" ("status", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "emails";`);
  }
}
