import { Migration } from '@mikro-orm/migrations';

/**
 * The grants the game server runs for a purchase, a renewal, an ending pass, a refund or a dispute (decision 0100),
 * and each grant's timeline. A game server's poll reads the due grants of the players it has online (by Discord id)
 * and those that need nobody online, oldest first: each by its own partial index of the grants still due.
 */
export class Migration20261130000042GameGrants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "game_grants" (
      "id" uuid primary key,
      "purchase_id" uuid null,
      "membership_id" uuid null,
      "user_id" uuid null,
      "discord_id" varchar(32) not null,
      "product_id" varchar(64) not null,
      "option_id" varchar(64) null,
      "action" varchar(16) not null,
      "kind" varchar(16) not null,
      "command" text null,
      "event" varchar(100) null,
      "needs_online" boolean not null,
      "status" varchar(16) not null,
      "resend_of" uuid null,
      "dedupe_key" varchar(200) not null,
      "offers" integer not null default 0,
      "lease_until" timestamptz null,
      "server" varchar(64) null,
      "ran_at" timestamptz null,
      "result" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "game_grants_dedupe_key_unique" unique ("dedupe_key")
    );`);
    this.addSql(
      `create index "game_grants_due_online" on "game_grants" ("discord_id", "created_at") where "status" in ('queued', 'offered') and "needs_online";`,
    );
    this.addSql(
      `create index "game_grants_due_anyone" on "game_grants" ("created_at") where "status" in ('queued', 'offered') and not "needs_online";`,
    );
    this.addSql(`create index "game_grants_purchase" on "game_grants" ("purchase_id");`);
    this.addSql(`create index "game_grants_user" on "game_grants" ("user_id", "created_at" desc);`);
    this.addSql(`create index "game_grants_status" on "game_grants" ("status", "created_at" desc);`);
    this.addSql(`create table "game_grant_events" (
      "id" bigserial primary key,
      "grant_id" uuid not null references "game_grants" ("id") on delete cascade,
      "kind" varchar(16) not null,
      "at" timestamptz not null,
      "server" varchar(64) null,
      "message" text null,
      "actor" varchar(100) null
    );`);
    this.addSql(`create index "game_grant_events_grant" on "game_grant_events" ("grant_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "game_grant_events";`);
    this.addSql(`drop table if exists "game_grants";`);
  }
}
