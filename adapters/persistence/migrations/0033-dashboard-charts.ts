import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's charts sum completed purchases by when they completed (per day, product type and the pass's
 * months): a partial index of the completed ones by completion time, carrying what the sums read, answers them from
 * the index. The members per tier read each membership's last start or tier change before an instant: an index of the
 * history by membership finds it without reading the whole history.
 */
export class Migration20261127000033DashboardCharts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "purchases_completed_at" on "purchases" ("completed_at") include ("product_type", "product_id", "billing_reason", "price_cents", "amount_paid_cents") where "status" = 'completed';`,
    );
    this.addSql(
      `create index "membership_events_membership" on "membership_events" ("membership_id", "created_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "membership_events_membership";`);
    this.addSql(`drop index if exists "purchases_completed_at";`);
  }
}
