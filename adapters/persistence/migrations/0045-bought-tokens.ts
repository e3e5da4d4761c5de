import { Migration } from '@mikro-orm/migrations';

/**
 * The part of each balance bought with money (users.bought_tokens) and each ledger entry's move of it
 * (token_ledger.bought_delta), as core/tokens' boughtShare says: a purchase's credit is bought, any other credit earned
 * or granted; a reversal (a refund, a dispute) draws on the bought tokens first, any other debit on the earned
 * ones first. The ledger written before is walked in its order once, under those same rules.
 */
export class Migration20261201000045BoughtTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "bought_tokens" integer not null default 0;`);
    this.addSql(`alter table "token_ledger" add column "bought_delta" integer not null default 0;`);
    // each user's entries numbered in ledger order, the walk carrying the bought part from one entry to the next
    this.addSql(
      `create temporary table "ledger_walk" as
         select "seq", "user_id", "delta", "balance_after",
           ("reference" like 'purchase:%') as "credit_bought",
           ("reference" like 'refunded:%' or "reference" like 'disputed:%') as "reversal",
           row_number() over (partition by "user_id" order by "seq") as "n"
         from "token_ledger";`,
    );
    // each step of the walk finds its user's next entry by the index (the table analysed, so the planner knows it)
    this.addSql(`create index on "ledger_walk" ("user_id", "n");`);
    this.addSql(`analyze "ledger_walk";`);
    this.addSql(
      `with recursive "walk" as (
         select w."seq", w."user_id", w."n", "share"."moved", "share"."moved" as "bought"
         from "ledger_walk" w, lateral (select case
           when w."delta" > 0 then case when w."credit_bought" then w."delta" else 0 end
           when w."reversal" then 0
           else least(0, w."balance_after")
         end as "moved") "share"
         where w."n" = 1
         union all
         select w."seq", w."user_id", w."n", "share"."moved", "walk"."bought" + "share"."moved"
         from "walk" join "ledger_walk" w on w."user_id" = "walk"."user_id" and w."n" = "walk"."n" + 1,
         lateral (select case
           when w."delta" > 0 then case when w."credit_bought" then w."delta" else 0 end
           when w."reversal" then greatest(w."delta", -"walk"."bought")
           else least(0, w."balance_after" - "walk"."bought")
         end as "moved") "share"
       )
       update "token_ledger" l set "bought_delta" = "walk"."moved" from "walk"
       where l."seq" = "walk"."seq" and "walk"."moved" <> 0;`,
    );
    this.addSql(
      `update "users" u set "bought_tokens" = "sums"."bought"
       from (select "user_id", sum("bought_delta") as "bought" from "token_ledger" group by "user_id") "sums"
       where u."id" = "sums"."user_id" and "sums"."bought" <> 0;`,
    );
    this.addSql(`drop table "ledger_walk";`);
    this.addSql(
      `alter table "users" add constraint "users_bought_tokens_check" check ("bought_tokens" >= 0 and "bought_tokens" <= "tokens");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "token_ledger" drop column "bought_delta";`);
    this.addSql(`alter table "users" drop column "bought_tokens";`);
  }
}
