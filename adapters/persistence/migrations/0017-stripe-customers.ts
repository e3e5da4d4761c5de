import { Migration } from '@mikro-orm/migrations';

/**
 * The Stripe customer each player's Priority Pass subscriptions are billed to. Before, every membership checkout
 * made a customer of its own, so a player who opened the checkout twice, or came back after a pass ended, was
 * several customers at Stripe.
 */
export class Migration20261126000017StripeCustomers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "stripe_customers" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "customer_id" text not null,
      "created_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stripe_customers";`);
  }
}
