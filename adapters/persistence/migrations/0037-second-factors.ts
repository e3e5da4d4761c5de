import { Migration } from '@mikro-orm/migrations';

/**
 * The staff's second factors: passkeys (the credential id, public key and signature counter), the authenticator
 * app's secret (sealed with a key derived from SESSION_SECRET; the last time step accepted, so a code is good once),
 * and the recovery codes (hashes only, each used once). The account-action log learns the reset of a lost factor:
 * the kind is added to whatever list the check holds, so the migrations that widen it need not know of each other.
 */
export class Migration20261129000037SecondFactors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "second_factor_passkeys" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "credential_id" varchar(1024) not null unique,
      "public_key" text not null,
      "counter" bigint not null default 0 check ("counter" >= 0),
      "transports" jsonb not null default '[]' check (jsonb_typeof("transports") = 'array'),
      "created_at" timestamptz not null,
      "last_used_at" timestamptz null
    );`);
    this.addSql(`create index "second_factor_passkeys_user" on "second_factor_passkeys" ("user_id");`);
    this.addSql(`create table "second_factor_apps" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "sealed_secret" text not null,
      "confirmed_at" timestamptz null,
      "last_step" bigint null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create table "second_factor_recovery_codes" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "code_hash" char(64) not null,
      "created_at" timestamptz not null,
      "used_at" timestamptz null,
      primary key ("user_id", "code_hash")
    );`);
    this.addSql(`do $$
      declare definition text;
      begin
        select pg_get_constraintdef(oid) into definition from pg_constraint
          where conrelid = '"account_actions"'::regclass and conname = 'account_actions_action_check';
        if definition is not null and position('reset_second_factor' in definition) = 0 then
          alter table "account_actions" drop constraint "account_actions_action_check";
          execute 'alter table "account_actions" add constraint "account_actions_action_check" '
            || replace(definition, 'ARRAY[', 'ARRAY[''reset_second_factor''::character varying, ');
        end if;
      end $$;`);
  }

  override async down(): Promise<void> {
    // the log is append-only: its reset rows stay, and so does the check that admits them
    this.addSql(`drop table if exists "second_factor_recovery_codes";`);
    this.addSql(`drop table if exists "second_factor_apps";`);
    this.addSql(`drop table if exists "second_factor_passkeys";`);
  }
}
