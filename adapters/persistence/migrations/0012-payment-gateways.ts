import { Migration } from '@mikro-orm/migrations';

/**
 * Which gateway took each purchase (Tebex joins the demo gateway and Stripe), and the map from catalogue items to
 * Tebex packages that `tebex sync` writes. Purchases made before are named by their payment: the demo gateway's
 * intents start with pi_demo_, Stripe's with pi_; one that never got a payment was opened on the demo gateway.
 */
export class Migration20261124000012PaymentGateways extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "purchases" add column "gateway" varchar(16) null;`);
    this.addSql(`update "purchases" set "gateway" = case
        when "payment_intent_id" like 'pi\\_demo\\_%' then 'demo'
        when "payment_intent_id" like 'pi\\_%' then 'stripe'
        else 'demo' end;`);
    this.addSql(
      `alter table "purchases" alter column "gateway" set default 'demo', alter column "gateway" set not null;`,
    );
    this.addSql(`create table "tebex_packages" (
      "item_key" varchar(255) not null,
      "package_id" integer not null,
      "package_name" varchar(255) not null,
      "price_cents" integer not null,
      "synced_at" timestamptz not null,
      constraint "tebex_packages_pkey" primary key ("item_key")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tebex_packages";`);
    this.addSql(`alter table "purchases" drop column if exists "gateway";`);
  }
}
