import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000004Purchases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "purchases" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id"),
      "product_type" varchar(32) not null,
      "product_id" varchar(64) not null,
      "option_id" varchar(64) null,
      "product_name" varchar(255) not null,
      "price_cents" integer not null check ("price_cents" > 0),
      "currency" varchar(3) not null default 'usd',
      "tokens_granted" integer not null default 0 check ("tokens_granted" >= 0),
      "tokens_awarded" integer not null default 0 check ("tokens_awarded" >= 0),
      "buyer_email" varchar(255) null,
      "buyer_discord" varchar(255) null,
      "payment_intent_id" varchar(255) null,
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'completed', 'failed', 'refunded', 'disputed')),
      "failure_reason" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "completed_at" timestamptz null,
      constraint "purchases_payment_intent_id_unique" unique ("payment_intent_id")
    );`);
    this.addSql(`create index "purchases_created_at_index" on "purchases" ("created_at");`);
    this.addSql(`create index "purchases_user_id_index" on "purchases" ("user_id");`);
    this.addSql(`create index "purchases_status_created_at_index" on "purchases" ("status", "created_at");`);
    this.addSql(`create table "payment_events" (
      "id" varchar(255) primary key,
      "type" varchar(64) not null,
      "purchase_id" uuid null references "purchases" ("id"),
      "received_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "store_bans" (
      "user_id" uuid primary key references "users" ("id"),
      "reason" text not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "demo_payment_intents" (
      "id" varchar(64) primary key,
      "client_secret" varchar(128) not null,
      "idempotency_key" varchar(255) not null,
      "status" varchar(32) not null,
      "amount_cents" integer not null check ("amount_cents" > 0),
      "currency" varchar(3) not null,
      "metadata" jsonb not null default '{}',
      "failure_message" text null,
      "refunded" boolean not null default false,
      "created_at" timestamptz not null default now(),
      constraint "demo_payment_intents_idempotency_key_unique" unique ("idempotency_key")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "demo_payment_intents";`);
    this.addSql(`drop table if exists "store_bans";`);
    this.addSql(`drop table if exists "payment_events";`);
    this.addSql(`drop table if exists "purchases";`);
  }
}
