import { Migration } from '@mikro-orm/migrations';

/**
 * Applications decided by a team (decision 0106): each reviewer's vote, one per reviewer and application (two votes of
 * one reviewer at once cannot both be written), read per application and by the time it was cast (the reviewer
 * figures), and announced to the cached review lists, which show them; and the answer templates staff keep per kind
 * and decision, one name each within them, letter case aside. A vote names its application by kind and id: the kinds
 * keep tables of their own.
 */
export class Migration20261201000047VotesAndAnswerTemplates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "application_votes" (
      "id" uuid primary key,
      "kind" varchar(16) not null check ("kind" in ('whitelist', 'staff', 'appeal')),
      "application_id" uuid not null,
      "reviewer_id" uuid not null references "users" ("id"),
      "reviewer_name" varchar(255) not null,
      "choice" varchar(8) not null check ("choice" in ('approve', 'deny', 'abstain')),
      "note" text null,
      "created_at" timestamptz not null default now(),
      constraint "application_votes_one_per_reviewer" unique ("kind", "application_id", "reviewer_id")
    );`);
    this.addSql(`create index "application_votes_created" on "application_votes" ("created_at");`);
    this.addSql(`create index "application_votes_reviewer" on "application_votes" ("reviewer_id");`);
    this.addSql(
      `create trigger "application_votes_cache" after insert or update or delete on "application_votes" for each row execute function "bayou_table_changed"();`,
    );
    this.addSql(`create table "answer_templates" (
      "id" uuid primary key,
      "kind" varchar(16) not null check ("kind" in ('whitelist', 'staff', 'appeal')),
      "decision" varchar(8) not null check ("decision" in ('approve', 'deny')),
      "name" varchar(80) not null,
      "body" text not null,
      "updated_by" varchar(255) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "answer_templates_name" on "answer_templates" ("kind", "decision", lower("name"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "answer_templates";`);
    this.addSql(`drop table if exists "application_votes";`);
  }
}
