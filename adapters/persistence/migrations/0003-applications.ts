import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000003Applications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "whitelist_applications" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "discord_id" varchar(64) not null,
      "discord_username" varchar(255) not null,
      "email" varchar(255) not null,
      "is_eighteen_plus" boolean not null,
      "age" integer not null check ("age" between 18 and 99),
      "timezone" varchar(16) not null,
      "hours_per_week" integer not null check ("hours_per_week" in (5, 15, 25, 35)),
      "rp_experience" text not null,
      "previous_communities" text null,
      "character_background" text not null,
      "character_goals" text not null,
      "roleplay_scenario" text not null,
      "why_join_server" text not null,
      "rules_understood" boolean not null default false,
      "no_metagaming" boolean not null default false,
      "respectful_behavior" boolean not null default false,
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'approved', 'rejected')),
      "review_notes" text null,
      "reviewed_by" varchar(255) null,
      "reviewer_id" uuid null references "users" ("id") on delete set null,
      "reviewed_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    // one pending application per applicant, even when two requests race
    this.addSql(
      `create unique index "whitelist_applications_one_pending" on "whitelist_applications" ("user_id") where "status" = 'pending';`,
    );
    this.addSql(
      `create index "whitelist_applications_status_created" on "whitelist_applications" ("status", "created_at" desc);`,
    );
    this.addSql(`create index "whitelist_applications_created" on "whitelist_applications" ("created_at" desc);`);

    this.addSql(`create table "staff_applications" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "discord_id" varchar(64) not null,
      "discord_username" varchar(255) not null,
      "email" varchar(255) not null,
      "real_name" varchar(255) not null,
      "age" integer not null check ("age" between 18 and 65),
      "timezone" varchar(16) not null,
      "availability" text not null,
      "position" varchar(16) not null check ("position" in ('admin', 'moderator', 'support', 'developer')),
      "experience" text not null,
      "why_staff" text not null,
      "scenarios" text not null,
      "languages" text null,
      "previous_communities" text null,
      "references" text null,
      "additional_info" text null,
      "agree_to_rules" boolean not null default false,
      "agree_to_commitment" boolean not null default false,
      "background_check" boolean not null default false,
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'under_review', 'approved', 'denied')),
      "review_notes" text null,
      "reviewed_by" varchar(255) null,
      "reviewer_id" uuid null references "users" ("id") on delete set null,
      "reviewed_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "staff_applications_one_open" on "staff_applications" ("user_id") where "status" in ('pending', 'under_review');`,
    );
    this.addSql(
      `create index "staff_applications_status_created" on "staff_applications" ("status", "created_at" desc);`,
    );
    this.addSql(`create index "staff_applications_created" on "staff_applications" ("created_at" desc);`);

    this.addSql(`create table "application_reviews" (
      "seq" bigserial primary key,
      "id" uuid not null unique,
      "kind" varchar(16) not null check ("kind" in ('whitelist', 'staff')),
      "application_id" uuid not null,
      "from_status" varchar(16) not null,
      "to_status" varchar(16) not null,
      "notes" text null,
      "reviewer_id" uuid not null,
      "reviewer_discord_id" varchar(64) not null,
      "reviewer_name" varchar(255) not null,
      "channel" varchar(8) not null check ("channel" in ('web', 'cli')),
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "application_reviews_application" on "application_reviews" ("kind", "application_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "application_reviews";`);
    this.addSql(`drop table if exists "staff_applications";`);
    this.addSql(`drop table if exists "whitelist_applications";`);
  }
}
