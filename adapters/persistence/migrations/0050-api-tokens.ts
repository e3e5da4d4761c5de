import { Migration } from '@mikro-orm/migrations';

/**
 * API tokens (decision 0109): a name, its scopes, the SHA-256 of its secret (never the secret; a unique index looks a
 * request's token up), who made it and when, its last use (written at most once a minute), and who revoked it and
 * when. Revoked tokens stay, for the record.
 */
export class Migration20261201000050ApiTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "api_tokens" (
      "id" uuid primary key,
      "name" varchar(80) not null,
      "scopes" text[] not null,
      "token_hash" char(64) not null,
      "created_by" uuid not null references "users" ("id"),
      "created_by_name" varchar(255) not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz null,
      "revoked_at" timestamptz null,
      "revoked_by" uuid null references "users" ("id"),
      "revoked_by_name" varchar(255) null
    );`);
    this.addSql(`create unique index "api_tokens_hash" on "api_tokens" ("token_hash");`);
    this.addSql(`create index "api_tokens_created" on "api_tokens" ("created_at" desc, "id" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_tokens";`);
  }
}
