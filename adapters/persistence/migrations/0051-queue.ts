import { Migration } from '@mikro-orm/migrations';

/**
 * The game server's connection queue (decision 0110): each server's latest report (one row a server, written by its
 * own reports only, read by every process to share what one of them received), the players let in from the queue
 * with how long they waited, and the staff actions waiting for the resource to apply them. The account-action log
 * learns the two queue actions: the kinds are added to whatever list its check holds, as 0037 did.
 */
export class Migration20261201000051Queue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "queue_states" (
      "server" varchar(64) primary key,
      "state" jsonb not null,
      "received_at" timestamptz not null
    );`);
    this.addSql(`create table "queue_admissions" (
      "server" varchar(64) not null,
      "admission_id" varchar(80) not null,
      "discord_id" varchar(32) not null,
      "tier" varchar(64) null,
      "priority" integer not null check ("priority" >= 0),
      "waited_seconds" integer not null check ("waited_seconds" >= 0),
      "admitted_at" timestamptz not null,
      primary key ("server", "admission_id")
    );`);
    this.addSql(`create index "queue_admissions_at" on "queue_admissions" ("admitted_at");`);
    this.addSql(`create table "queue_actions" (
      "id" uuid primary key,
      "server" varchar(64) not null,
      "discord_id" varchar(32) not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "action" varchar(8) not null check ("action" in ('front', 'remove')),
      "reason" varchar(200) null,
      "actor_id" uuid null,
      "actor_name" varchar(255) not null,
      "created_at" timestamptz not null,
      "applied_at" timestamptz null
    );`);
    this.addSql(
      `create index "queue_actions_pending" on "queue_actions" ("server", "created_at") where "applied_at" is null;`,
    );
    this.addSql(`do $$
      declare definition text;
      begin
        select pg_get_constraintdef(oid) into definition from pg_constraint
          where conrelid = '"account_actions"'::regclass and conname = 'account_actions_action_check';
        if definition is not null and position('queue_front' in definition) = 0 then
          alter table "account_actions" drop constraint "account_actions_action_check";
          execute 'alter table "account_actions" add constraint "account_actions_action_check" '
            || replace(definition, 'ARRAY[', 'ARRAY[''queue_front''::character varying, ''queue_remove''::character varying, ');
        end if;
      end $$;`);
  }

  override async down(): Promise<void> {
    // the log is append-only: its queue rows stay, and so does the check that admits them
    this.addSql(`drop table if exists "queue_actions";`);
    this.addSql(`drop table if exists "queue_admissions";`);
    this.addSql(`drop table if exists "queue_states";`);
  }
}
