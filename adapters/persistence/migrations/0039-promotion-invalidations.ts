import { Migration } from '@mikro-orm/migrations';

/** the tables every checkout prices with */
const PRICED_WITH = ['coupons', 'sales'] as const;

/**
 * Server processes keep the coupons and the sales in memory (CachedPromotions): a change to either, whoever made it
 * (another process, the CLI, a hand-written statement), is announced as `table:<name>`, as 0015 does for the
 * listed tables. A coupon's uses are rows of their own and announce nothing.
 */
export class Migration20261129000039PromotionInvalidations extends Migration {
  override async up(): Promise<void> {
    for (const table of PRICED_WITH)
      this.addSql(
        `create trigger "${table}_cache" after insert or update or delete on "${table}" for each row execute function "bayou_table_changed"();`,
      );
  }

  override async down(): Promise<void> {
    for (const table of PRICED_WITH) this.addSql(`drop trigger if exists "${table}_cache" on "${table}";`);
  }
}
