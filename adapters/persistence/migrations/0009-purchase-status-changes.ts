import { Migration } from '@mikro-orm/migrations';

/**
 * Each purchase's status history: checkout started, failed (with the reason), completed, refunded (with the
 * reason and the admin), disputed. Written in the same transaction as the change itself; rows that existed before
 * are filled in from their created, completed and updated times.
 */
export class Migration20261123000009PurchaseStatusChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "purchase_status_changes" (
      "id" bigserial primary key,
      "purchase_id" uuid not null references "purchases" ("id") on delete cascade,
      "status" varchar(24) not null,
      "reason" text null,
      "actor_id" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null
    );`);
    this.addSql(
      `create index "purchase_status_changes_purchase_index" on "purchase_status_changes" ("purchase_id", "created_at");`,
    );
    this.addSql(`insert into "purchase_status_changes" ("purchase_id", "status", "created_at")
      select "id", 'checkout_started', "created_at" from "purchases";`);
    this.addSql(`insert into "purchase_status_changes" ("purchase_id", "status", "created_at")
      select "id", 'completed', "completed_at" from "purchases" where "completed_at" is not null;`);
    this.addSql(`insert into "purchase_status_changes" ("purchase_id", "status", "reason", "created_at")
      select "id", "status", "failure_reason", "updated_at" from "purchases"
      where "status" in ('failed', 'refunded', 'disputed');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "purchase_status_changes";`);
  }
}
