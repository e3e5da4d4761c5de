import { Migration } from '@mikro-orm/migrations';

/**
 * Priority Pass memberships: one live membership per player, and each month (or an upgrade's difference) a
 * purchase tied to it, at most one per subscription, reason, month and tier.
 */
export class Migration20261124000011Memberships extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "memberships" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id"),
      "tier_id" varchar(64) not null,
      "status" varchar(16) not null check ("status" in ('active', 'past_due', 'ended')),
      "cancel_at_period_end" boolean not null default false,
      "pending_tier_id" varchar(64) null,
      "gateway" varchar(16) not null,
      "subscription_id" varchar(255) not null unique,
      "payment_ref" varchar(255) null,
      "anchor" timestamptz not null,
      "current_period_start" timestamptz not null,
      "current_period_end" timestamptz not null,
      "grace_until" timestamptz null,
      "started_at" timestamptz not null,
      "ended_at" timestamptz null,
      "end_reason" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(
      `create unique index "memberships_one_live" on "memberships" ("user_id") where "status" in ('active', 'past_due');`,
    );
    this.addSql(`create index "memberships_due" on "memberships" ("current_period_end") where "status" = 'active';`);
    this.addSql(`create index "memberships_grace" on "memberships" ("grace_until") where "status" = 'past_due';`);
    this.addSql(`alter table "purchases"
      add column "billing_reason" varchar(8) null check ("billing_reason" in ('start', 'renewal', 'upgrade')),
      add column "subscription_id" varchar(255) null,
      add column "membership_id" uuid null references "memberships" ("id"),
      add column "period_start" timestamptz null,
      add column "period_end" timestamptz null;`);
    this.addSql(
      `create unique index "purchases_one_start" on "purchases" ("subscription_id") where "billing_reason" = 'start';`,
    );
    this.addSql(`create unique index "purchases_one_per_month" on "purchases" ("subscription_id", "billing_reason", "period_start", "product_id")
      where "billing_reason" in ('renewal', 'upgrade');`);
    this.addSql(
      `create index "purchases_membership" on "purchases" ("membership_id") where "membership_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "purchases" drop column "billing_reason", drop column "subscription_id",
      drop column "membership_id", drop column "period_start", drop column "period_end";`);
    this.addSql(`drop table if exists "memberships";`);
  }
}
