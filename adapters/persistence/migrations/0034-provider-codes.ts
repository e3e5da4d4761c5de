import { Migration } from '@mikro-orm/migrations';

/**
 * The creator code and coupon codes the payment provider reported on the payment that paid a purchase (Tebex's
 * webhook), stored as it reported them beside the codes the site recorded at checkout.
 */
export class Migration20261127000034ProviderCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "purchases" add column "provider_codes" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "purchases" drop column if exists "provider_codes";`);
  }
}
