import { Migration } from '@mikro-orm/migrations';

/**
 * Players' requests about their data (decision 0105): a copy of it, or the erasure of their account, each with its
 * 30-day deadline, its status and what holds it. One erasure of an account is open at a time.
 */
export class Migration20261201000046PrivacyRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "privacy_requests" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id"),
      "kind" varchar(16) not null check ("kind" in ('export', 'erasure')),
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'removing_roles', 'completed')),
      "channel" varchar(8) not null check ("channel" in ('web', 'cli')),
      "created_at" timestamptz not null default now(),
      "due_at" timestamptz not null,
      "completed_at" timestamptz null,
      "held_by" text null,
      constraint "privacy_requests_completed_at" check (("status" = 'completed') = ("completed_at" is not null))
    );`);
    // the operator's question: what is still to be done, the earliest deadline first
    this.addSql(`create index "privacy_requests_open" on "privacy_requests" ("due_at") where "status" <> 'completed';`);
    this.addSql(`create index "privacy_requests_user" on "privacy_requests" ("user_id", "created_at" desc);`);
    this.addSql(
      `create unique index "privacy_requests_one_open_erasure" on "privacy_requests" ("user_id") where "kind" = 'erasure' and "status" <> 'completed';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "privacy_requests";`);
  }
}
