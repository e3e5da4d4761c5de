import { Migration } from '@mikro-orm/migrations';

/**
 * Server processes keep the store's bans in memory (CachedStoreBans): every checkout asks whether its buyer is banned.
 * A ban made or lifted, whoever made it (a dispute heard by another process, the CLI, a hand-written statement), is
 * announced as `table:store_bans`, as 0015 does for the listed tables.
 */
export class Migration20261130000040StoreBanInvalidations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create trigger "store_bans_cache" after insert or update or delete on "store_bans" for each row execute function "bayou_table_changed"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "store_bans_cache" on "store_bans";`);
  }
}
