import { Migration } from '@mikro-orm/migrations';

const COUNTED = ['whitelist_applications', 'staff_applications', 'purchases'] as const;

/**
 * The per-status counts of 0006 were one `status_counts` row per table and status, updated by a trigger in every
 * transaction that added a purchase or changed its status: every buyer's checkout waited on the one before, and a
 * renewal and a checkout of the same player took it and the player's row in opposite orders (deadlocks). The counts
 * are now read from the indexes (a status index, and for purchases one that carries the price) and cached for a second
 * in each process (status-counts.ts): no row is written by every purchase or application.
 */
export class Migration20261127000020CountsWithoutAHotRow extends Migration {
  override async up(): Promise<void> {
    for (const table of COUNTED) {
      this.addSql(`drop trigger if exists "${table}_count_rows" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_count_truncate" on "${table}";`);
    }
    this.addSql(`drop function if exists "count_by_status"();`);
    this.addSql(`drop table if exists "status_counts";`);
    // counts and sums per status in an index-only scan
    this.addSql(`create index "purchases_status_price" on "purchases" ("status") include ("price_cents");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_status_price";`);
    // the counts table comes back without its triggers: 0006's down and up make them again
    this.addSql(`create table "status_counts" (
      "table_name" varchar(64) not null,
      "status" varchar(16) not null,
      "row_count" bigint not null default 0,
      "price_cents" bigint not null default 0,
      primary key ("table_name", "status")
    );`);
  }
}
