import { Migration } from '@mikro-orm/migrations';

/**
 * Ban appeals, a third kind of application: one column an answer, one pending appeal per player (two requests at once
 * cannot both file one), read newest first by status and by player like the other kinds, announced to the cached
 * review lists (0015), and their decisions recorded in the review audit log beside the other kinds'.
 */
export class Migration20261127000032BanAppeals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "ban_appeals" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "discord_id" varchar(64) not null,
      "discord_username" varchar(255) not null,
      "ban" varchar(16) not null check ("ban" in ('account', 'store', 'in-game')),
      "ban_reference" varchar(255) null,
      "offence" varchar(32) not null check ("offence" = 'none'),
      "character_names" varchar(500) not null,
      "banned_around" varchar(255) not null,
      "explanation" text not null,
      "why_unfair" text not null,
      "truthful" boolean not null default false,
      "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'approved', 'denied')),
      "review_notes" text null,
      "applicant_message" text null,
      "reviewed_by" varchar(255) null,
      "reviewer_id" uuid null references "users" ("id") on delete set null,
      "reviewed_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "ban_appeals_one_pending" on "ban_appeals" ("user_id") where "status" = 'pending';`,
    );
    this.addSql(`create index "ban_appeals_status_created" on "ban_appeals" ("status", "created_at" desc, "id" desc);`);
    this.addSql(`create index "ban_appeals_created" on "ban_appeals" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "ban_appeals_player" on "ban_appeals" ("user_id", "created_at" desc, "id" desc);`);
    this.addSql(
      `create trigger "ban_appeals_cache" after insert or update or delete on "ban_appeals" for each row execute function "bayou_table_changed"();`,
    );
    this.addSql(`alter table "application_reviews" drop constraint if exists "application_reviews_kind_check";`);
    this.addSql(
      `alter table "application_reviews" add constraint "application_reviews_kind_check" check ("kind" in ('whitelist', 'staff', 'appeal'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "application_reviews" where "kind" = 'appeal';`);
    this.addSql(`alter table "application_reviews" drop constraint if exists "application_reviews_kind_check";`);
    this.addSql(
      `alter table "application_reviews" add constraint "application_reviews_kind_check" check ("kind" in ('whitelist', 'staff'));`,
    );
    this.addSql(`drop table if exists "ban_appeals";`);
  }
}
