import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000002Accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "role" varchar(16) not null default 'player' check ("role" in ('player', 'staff', 'admin')),
      add column "banned_at" timestamptz null,
      add column "ban_reason" text null;`);
    this.addSql(`create index "users_role_index" on "users" ("role");`);
    // every change to a balance, written in the same transaction as the balance itself
    this.addSql(`create table "token_ledger" (
      "seq" bigserial primary key,
      "id" uuid not null unique,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "delta" integer not null check ("delta" <> 0),
      "balance_after" integer not null check ("balance_after" >= 0),
      "reason" varchar(200) not null,
      "reference" varchar(200) null,
      "actor_id" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null
    );`);
    // a reference (a purchase id, say) moves a balance at most once, even when requests race
    this.addSql(`create unique index "token_ledger_reference_unique" on "token_ledger" ("reference");`);
    this.addSql(`create index "token_ledger_user_seq" on "token_ledger" ("user_id", "seq" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "token_ledger";`);
    this.addSql(`drop index if exists "users_role_index";`);
    this.addSql(`alter table "users" drop column "role", drop column "banned_at", drop column "ban_reason";`);
  }
}
