import { Migration } from '@mikro-orm/migrations';

/**
 * Purchases bought as gifts: the recipient's Discord id (always known), their account once they have one, the name
 * the buyer gave, a gifted pass's months, and when it was delivered to them. A recipient's purchases are read by
 * their account; the gifts waiting for a recipient's first sign-in by their Discord id.
 */
export class Migration20261127000030Gifts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "purchases" add column "gift_discord_id" varchar(32) null;`);
    this.addSql(`alter table "purchases" add column "gift_user_id" uuid null references "users" ("id");`);
    this.addSql(`alter table "purchases" add column "gift_name" varchar(255) null;`);
    this.addSql(
      `alter table "purchases" add column "gift_months" integer null check ("gift_months" is null or "gift_months" between 1 and 12);`,
    );
    this.addSql(`alter table "purchases" add column "gift_delivered_at" timestamptz null;`);
    this.addSql(
      `create index "purchases_gift_user" on "purchases" ("gift_user_id", "created_at" desc, "id" desc) where "gift_user_id" is not null;`,
    );
    this.addSql(
      `create index "purchases_gifts_awaiting" on "purchases" ("gift_discord_id", "created_at") where "gift_discord_id" is not null and "gift_delivered_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_gifts_awaiting";`);
    this.addSql(`drop index if exists "purchases_gift_user";`);
    for (const column of ['gift_delivered_at', 'gift_months', 'gift_name', 'gift_user_id', 'gift_discord_id'])
      this.addSql(`alter table "purchases" drop column if exists "${column}";`);
  }
}
