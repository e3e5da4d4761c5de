import { Migration } from '@mikro-orm/migrations';

/**
 * What happened to each membership (started, renewed, past due, canceled, resumed, tier changed, a downgrade
 * scheduled or dropped, ended), written with each change, for the player page's timeline. Memberships stored
 * before get their start and, where ended, their end.
 */
export class Migration20261127000026MembershipEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "membership_events" (
      "id" bigserial primary key,
      "membership_id" uuid not null references "memberships" ("id") on delete cascade,
      "user_id" uuid not null,
      "kind" varchar(32) not null,
      "tier_id" varchar(64) not null,
      "detail" text null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "membership_events_user" on "membership_events" ("user_id", "created_at" desc);`);
    this.addSql(`insert into "membership_events" ("membership_id", "user_id", "kind", "tier_id", "created_at")
      select "id", "user_id", 'started', "tier_id", "started_at" from "memberships";`);
    this.addSql(`insert into "membership_events" ("membership_id", "user_id", "kind", "tier_id", "detail", "created_at")
      select "id", "user_id", 'ended', "tier_id", "end_reason", "ended_at" from "memberships" where "status" = 'ended' and "ended_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "membership_events";`);
  }
}
