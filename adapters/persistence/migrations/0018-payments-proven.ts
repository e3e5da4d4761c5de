import { Migration } from '@mikro-orm/migrations';

/**
 * What a payment proved: the amount the provider actually took (`amount_paid_cents`, null until paid), the
 * provider's own transaction id once it paid the purchase (`payment_reference`: a Tebex transaction, whose
 * refunds and disputes name it), and a new status, `underpaid`, for a payment below the price that nothing the
 * provider reports explains. Payment events that named a purchase they did not pay are stored for staff
 * (`outcome` 'unmatched', with why and the purchase they named). The status sums count the amount paid.
 */
export class Migration20261127000018PaymentsProven extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "purchases" add column "amount_paid_cents" integer null check ("amount_paid_cents" >= 0);`,
    );
    this.addSql(`alter table "purchases" add column "payment_reference" varchar(255) null;`);
    this.addSql(
      `create unique index "purchases_payment_reference_unique" on "purchases" ("payment_reference") where "payment_reference" is not null;`,
    );
    this.addSql(`alter table "purchases" drop constraint if exists "purchases_status_check";`);
    this.addSql(
      `alter table "purchases" add constraint "purchases_status_check" check ("status" in ('pending', 'completed', 'failed', 'refunded', 'disputed', 'underpaid'));`,
    );
    this.addSql(
      `update "purchases" set "amount_paid_cents" = "price_cents" where "status" in ('completed', 'refunded', 'disputed') and "completed_at" is not null;`,
    );
    this.addSql(`alter table "payment_events" add column "outcome" varchar(16) null;`);
    this.addSql(`alter table "payment_events" add column "detail" text null;`);
    this.addSql(`alter table "payment_events" add column "named_purchase_id" varchar(255) null;`);
    this.addSql(
      `create index "payment_events_unmatched" on "payment_events" ("received_at" desc) where "outcome" = 'unmatched';`,
    );
    // the status sums: what was paid where a payment was taken, the price before
    this.addSql(`create or replace function "count_by_status"() returns trigger language plpgsql as $$
      declare
        cents bigint;
      begin
        if tg_op = 'TRUNCATE' then
          delete from "status_counts" where "table_name" = tg_table_name;
          return null;
        end if;
        if tg_op = 'UPDATE' and old."status" = new."status" then
          return null;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          cents := coalesce((to_jsonb(old) ->> 'amount_paid_cents')::bigint, (to_jsonb(old) ->> 'price_cents')::bigint, 0);
          update "status_counts" set "row_count" = "row_count" - 1, "price_cents" = "price_cents" - cents
            where "table_name" = tg_table_name and "status" = old."status";
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          cents := coalesce((to_jsonb(new) ->> 'amount_paid_cents')::bigint, (to_jsonb(new) ->> 'price_cents')::bigint, 0);
          insert into "status_counts" ("table_name", "status", "row_count", "price_cents") values (tg_table_name, new."status", 1, cents)
            on conflict ("table_name", "status") do update
            set "row_count" = "status_counts"."row_count" + 1, "price_cents" = "status_counts"."price_cents" + excluded."price_cents";
        end if;
        return null;
      end;
    $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "payment_events_unmatched";`);
    this.addSql(`alter table "payment_events" drop column if exists "named_purchase_id";`);
    this.addSql(`alter table "payment_events" drop column if exists "detail";`);
    this.addSql(`alter table "payment_events" drop column if exists "outcome";`);
    this.addSql(`drop index if exists "purchases_payment_reference_unique";`);
    this.addSql(`alter table "purchases" drop column if exists "payment_reference";`);
    this.addSql(`alter table "purchases" drop column if exists "amount_paid_cents";`);
  }
}
