import { Migration } from '@mikro-orm/migrations';

/**
 * Each ban appeal keeps the ban it was filed against (a website ban's users.banned_at and reason, the store ban's
 * row), so approval lifts only that ban; `closed` is the status of an appeal whose ban was lifted or replaced before
 * a decision (decision 0072). Pending appeals take the ban their player has now, where there is one.
 */
export class Migration20261129000035AppealBans extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "ban_appeals" add column "appealed_ban_at" timestamptz null, add column "appealed_ban_reason" text null;`,
    );
    this.addSql(`alter table "ban_appeals" drop constraint if exists "ban_appeals_status_check";`);
    this.addSql(
      `alter table "ban_appeals" add constraint "ban_appeals_status_check" check ("status" in ('pending', 'approved', 'denied', 'closed'));`,
    );
    this.addSql(`update "ban_appeals" a set "appealed_ban_at" = u."banned_at", "appealed_ban_reason" = u."ban_reason"
      from "users" u
      where a."status" = 'pending' and a."ban" = 'account' and u."id" = a."user_id" and u."banned_at" is not null;`);
    this.addSql(`update "ban_appeals" a set "appealed_ban_at" = s."created_at", "appealed_ban_reason" = s."reason"
      from "store_bans" s
      where a."status" = 'pending' and a."ban" = 'store' and s."user_id" = a."user_id";`);
  }

  override async down(): Promise<void> {
    // a closed appeal reads as denied before this migration: decided, nothing lifted
    this.addSql(`update "ban_appeals" set "status" = 'denied' where "status" = 'closed';`);
    this.addSql(`alter table "ban_appeals" drop constraint if exists "ban_appeals_status_check";`);
    this.addSql(
      `alter table "ban_appeals" add constraint "ban_appeals_status_check" check ("status" in ('pending', 'approved', 'denied'));`,
    );
    this.addSql(`alter table "ban_appeals" drop column "appealed_ban_at", drop column "appealed_ban_reason";`);
  }
}
