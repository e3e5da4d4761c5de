import { Migration } from '@mikro-orm/migrations';

/**
 * Interviews before a decision (decision 0107): the times staff offer an application's applicant, each held by one
 * reviewer, and the interviews booked on them. The partial unique indexes settle what two requests at once could
 * both do: one booked interview per application, per slot, and per reviewer and start.
 */
export class Migration20261201000048Interviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "interview_slots" (
      "id" uuid primary key,
      "kind" varchar(16) not null check ("kind" in ('whitelist', 'staff', 'appeal')),
      "application_id" uuid not null,
      "applicant_id" uuid not null references "users" ("id"),
      "reviewer_id" uuid not null references "users" ("id"),
      "reviewer_name" varchar(255) not null,
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "status" varchar(16) not null default 'open' check ("status" in ('open', 'taken', 'withdrawn')),
      "offered_by" uuid not null references "users" ("id"),
      "created_at" timestamptz not null default now(),
      constraint "interview_slots_ends_after_start" check ("ends_at" > "starts_at")
    );`);
    this.addSql(`create index "interview_slots_application" on "interview_slots" ("application_id", "starts_at");`);
    this.addSql(`create index "interview_slots_applicant" on "interview_slots" ("applicant_id", "starts_at");`);
    this.addSql(`create table "interviews" (
      "id" uuid primary key,
      "kind" varchar(16) not null check ("kind" in ('whitelist', 'staff', 'appeal')),
      "application_id" uuid not null,
      "applicant_id" uuid not null references "users" ("id"),
      "slot_id" uuid not null references "interview_slots" ("id"),
      "reviewer_id" uuid not null references "users" ("id"),
      "reviewer_name" varchar(255) not null,
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "status" varchar(16) not null default 'booked' check ("status" in ('booked', 'cancelled', 'held', 'no_show')),
      "sequence" integer not null default 0 check ("sequence" >= 0),
      "notes" text null,
      "reminded_for" timestamptz null,
      "history" jsonb not null default '[]',
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "interviews_ends_after_start" check ("ends_at" > "starts_at")
    );`);
    this.addSql(
      `create unique index "interviews_one_booked_per_application" on "interviews" ("application_id") where "status" = 'booked';`,
    );
    this.addSql(
      `create unique index "interviews_one_booked_per_slot" on "interviews" ("slot_id") where "status" = 'booked';`,
    );
    this.addSql(
      `create unique index "interviews_reviewer_start" on "interviews" ("reviewer_id", "starts_at") where "status" = 'booked';`,
    );
    // the reminders' and the upcoming list's question: what booked interview starts soon
    this.addSql(`create index "interviews_booked_start" on "interviews" ("starts_at") where "status" = 'booked';`);
    this.addSql(`create index "interviews_application" on "interviews" ("application_id", "starts_at" desc);`);
    this.addSql(`create index "interviews_applicant" on "interviews" ("applicant_id", "starts_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "interviews";`);
    this.addSql(`drop table if exists "interview_slots";`);
  }
}
