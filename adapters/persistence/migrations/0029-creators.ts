import { Migration } from '@mikro-orm/migrations';

/**
 * Creators and their codes, and the creator each purchase names. A code is unique whatever its case, disabled codes
 * too, so a month's report never mixes two creators under one code. Purchases name their creator without a foreign
 * key: a key check would lock the creator's row from every checkout naming a popular code, and creators are never
 * deleted. The report reads a creator's purchases by completion time on their own index.
 */
export class Migration20261127000029Creators extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "creators" (
      "id" uuid primary key,
      "user_id" uuid not null unique references "users" ("id"),
      "code" varchar(24) not null,
      "share_percent" integer not null check ("share_percent" between 0 and 100),
      "created_at" timestamptz not null,
      "disabled_at" timestamptz null
    );`);
    this.addSql(`create unique index "creators_code_key" on "creators" (lower("code"));`);
    this.addSql(`alter table "purchases"
      add column "creator_id" uuid null,
      add column "creator_code" varchar(24) null,
      add column "creator_provider" varchar(16) null;`);
    this.addSql(
      `create index "purchases_creator_completed" on "purchases" ("creator_id", "completed_at") include ("status", "price_cents", "amount_paid_cents") where "creator_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_creator_completed";`);
    this.addSql(`alter table "purchases" drop column if exists "creator_id", drop column if exists "creator_code",
      drop column if exists "creator_provider";`);
    this.addSql(`drop table if exists "creators";`);
  }
}
