import { Migration } from '@mikro-orm/migrations';

/**
 * Every checkout reads its buyer's open checkouts (pending, started within the payment window) under the buyer's
 * lock. With no index of a buyer's pending purchases, Postgres may read them along the pending purchases' index by
 * time (purchases_pending_created), every open checkout of every player in the window, and it does whenever it
 * plans without statistics of the table or plans the statement once for any buyer (a prepared statement's generic
 * plan): on a launch evening with 25,000 open checkouts, 22,000 rows a checkout. This index holds a buyer's pending
 * purchases by time, so the read touches that buyer's rows alone, whatever the statistics say.
 */
export class Migration20261130000041OpenCheckoutsByBuyer extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "purchases_pending_by_buyer" on "purchases" ("user_id", "created_at") where "status" = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_pending_by_buyer";`);
  }
}
