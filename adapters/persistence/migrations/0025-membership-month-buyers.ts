import { Migration } from '@mikro-orm/migrations';

/**
 * Every month of a membership names its buyer: renewals and upgrades stored before carried none, so the dashboard
 * and the export named nobody for them. They take the buyer of the membership's first month.
 */
export class Migration20261127000025MembershipMonthBuyers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "purchases" as "month" set "buyer_discord" = "start"."buyer_discord", "buyer_email" = "start"."buyer_email"
      from "purchases" as "start"
      where "start"."subscription_id" = "month"."subscription_id" and "start"."billing_reason" = 'start'
        and "month"."billing_reason" in ('renewal', 'upgrade')
        and "month"."buyer_discord" is null and "month"."buyer_email" is null;`);
  }

  override async down(): Promise<void> {}
}
