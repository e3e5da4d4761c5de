import { Migration } from '@mikro-orm/migrations';

/** An unban buyer's account of the ban, recorded with the purchase for the senior staff who review it. */
export class Migration20261123000008PurchaseBanReason extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "purchases" add column "ban_reason" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "purchases" drop column if exists "ban_reason";`);
  }
}
