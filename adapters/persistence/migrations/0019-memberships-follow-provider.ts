import { Migration } from '@mikro-orm/migrations';

/**
 * A membership follows its provider's state: `provider_event_at` is the time of the newest subscription event
 * applied (an older one arriving late is recorded and ignored), `provider_checked_at` when the scheduler last asked
 * the provider about the subscription. A renewal is one per subscription and month, whatever tier it names (before,
 * the tier was part of the key, so a month could be billed twice at two tiers); an upgrade stays one per month and
 * tier.
 */
export class Migration20261127000019MembershipsFollowProvider extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "memberships" add column "provider_event_at" timestamptz null;`);
    this.addSql(`alter table "memberships" add column "provider_checked_at" timestamptz null;`);
    this.addSql(
      `create index "memberships_provider_check" on "memberships" ("provider_checked_at" nulls first) where "status" in ('active', 'past_due') and "gateway" <> 'demo';`,
    );
    this.addSql(`drop index if exists "purchases_one_per_month";`);
    this.addSql(
      `create unique index "purchases_one_renewal_per_month" on "purchases" ("subscription_id", "period_start") where "billing_reason" = 'renewal';`,
    );
    this.addSql(
      `create unique index "purchases_one_upgrade_per_month_and_tier" on "purchases" ("subscription_id", "period_start", "product_id") where "billing_reason" = 'upgrade';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_one_upgrade_per_month_and_tier";`);
    this.addSql(`drop index if exists "purchases_one_renewal_per_month";`);
    this.addSql(`create unique index "purchases_one_per_month" on "purchases" ("subscription_id", "billing_reason", "period_start", "product_id")
      where "billing_reason" in ('renewal', 'upgrade');`);
    this.addSql(`drop index if exists "memberships_provider_check";`);
    this.addSql(`alter table "memberships" drop column if exists "provider_checked_at";`);
    this.addSql(`alter table "memberships" drop column if exists "provider_event_at";`);
  }
}
