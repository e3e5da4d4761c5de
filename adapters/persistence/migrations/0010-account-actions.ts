import { Migration } from '@mikro-orm/migrations';

/** The account-action log: every admin change to an account (tokens, bans, roles), appended and never changed. */
export class Migration20261123000010AccountActions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "account_actions" (
      "seq" bigserial primary key,
      "id" uuid not null unique,
      "user_id" uuid not null references "users" ("id"),
      "action" varchar(16) not null check ("action" in ('credit_tokens', 'debit_tokens', 'ban', 'unban', 'change_role')),
      "before" varchar(64) not null,
      "after" varchar(64) not null,
      "reason" text null,
      "actor_id" uuid null references "users" ("id"),
      "actor_discord_id" varchar(64) null,
      "actor_name" varchar(255) not null,
      "channel" varchar(8) not null check ("channel" in ('web', 'cli')),
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "account_actions_user" on "account_actions" ("user_id", "seq");`);
    this.addSql(`create function "account_actions_append_only"() returns trigger language plpgsql as $$
      begin raise exception 'account_actions is append-only'; end $$;`);
    this.addSql(`create trigger "account_actions_no_change" before update or delete on "account_actions"
      for each row execute function "account_actions_append_only"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_actions";`);
    this.addSql(`drop function if exists "account_actions_append_only"();`);
  }
}
