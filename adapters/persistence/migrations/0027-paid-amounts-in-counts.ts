import { Migration } from '@mikro-orm/migrations';

/**
 * The purchases' counts and sums per status count what was paid (0018's `amount_paid_cents`, the price before a
 * payment): the status index carries both, so they stay an index-only scan.
 */
export class Migration20261127000027PaidAmountsInCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "purchases_status_price";`);
    this.addSql(
      `create index "purchases_status_price" on "purchases" ("status") include ("price_cents", "amount_paid_cents");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_status_price";`);
    this.addSql(`create index "purchases_status_price" on "purchases" ("status") include ("price_cents");`);
  }
}
