import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons and their uses (a row per purchase that used one, counted with its purchase's status), sales, and what a
 * purchase's discount was (its catalogue price, the sale, the coupon).
 */
export class Migration20261127000028Promotions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "coupons" (
      "id" uuid primary key,
      "code" varchar(32) not null unique,
      "percent_off" int null check ("percent_off" between 1 and 100),
      "amount_off_cents" int null check ("amount_off_cents" > 0),
      "product_ids" jsonb not null default '[]',
      "product_types" jsonb not null default '[]',
      "max_uses" int null,
      "per_player" int null,
      "starts_at" timestamptz null,
      "expires_at" timestamptz null,
      "months" int null,
      "disabled_at" timestamptz null,
      "created_by" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null,
      check (("percent_off" is null) <> ("amount_off_cents" is null))
    );`);
    this.addSql(`create table "coupon_redemptions" (
      "purchase_id" uuid primary key references "purchases" ("id") on delete cascade,
      "coupon_id" uuid not null references "coupons" ("id") on delete cascade,
      "user_id" uuid not null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "coupon_redemptions_coupon" on "coupon_redemptions" ("coupon_id", "user_id");`);
    this.addSql(`create table "sales" (
      "id" uuid primary key,
      "name" varchar(100) not null,
      "percent_off" int not null check ("percent_off" between 1 and 90),
      "product_ids" jsonb not null default '[]',
      "product_types" jsonb not null default '[]',
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "created_by" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "sales_ends_at" on "sales" ("ends_at");`);
    this.addSql(`alter table "purchases" add column "discount" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "purchases" drop column if exists "discount";`);
    this.addSql(`drop table if exists "sales";`);
    this.addSql(`drop table if exists "coupon_redemptions";`);
    this.addSql(`drop table if exists "coupons";`);
  }
}
