import { Migration } from '@mikro-orm/migrations';

const COUNTED = ['whitelist_applications', 'staff_applications', 'purchases'] as const;

/**
 * Lists over 100,000 rows: indexes matching their order (newest first, id as tie-break) so a page is an index
 * range, and per-status row counts (and purchase sums) maintained by triggers, so a page's totals need no count(*).
 */
export class Migration20261122000006ListPerformance extends Migration {
  override async up(): Promise<void> {
    for (const table of COUNTED) {
      this.addSql(`create index "${table}_newest" on "${table}" ("created_at" desc, "id" desc);`);
      this.addSql(`create index "${table}_status_newest" on "${table}" ("status", "created_at" desc, "id" desc);`);
    }
    // superseded by the two above
    this.addSql(`drop index "whitelist_applications_status_created";`);
    this.addSql(`drop index "whitelist_applications_created";`);
    this.addSql(`drop index "staff_applications_status_created";`);
    this.addSql(`drop index "staff_applications_created";`);
    this.addSql(`drop index "purchases_created_at_index";`);
    this.addSql(`drop index "purchases_status_created_at_index";`);

    this.addSql(`create table "status_counts" (
      "table_name" varchar(64) not null,
      "status" varchar(16) not null,
      "row_count" bigint not null default 0,
      "price_cents" bigint not null default 0,
      primary key ("table_name", "status")
    );`);
    this.addSql(`create function "count_by_status"() returns trigger language plpgsql as $$
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
          cents := coalesce((to_jsonb(old) ->> 'price_cents')::bigint, 0);
          update "status_counts" set "row_count" = "row_count" - 1, "price_cents" = "price_cents" - cents
            where "table_name" = tg_table_name and "status" = old."status";
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          cents := coalesce((to_jsonb(new) ->> 'price_cents')::bigint, 0);
          insert into "status_counts" ("table_name", "status", "row_count", "price_cents") values (tg_table_name, new."status", 1, cents)
            on conflict ("table_name", "status") do update
            set "row_count" = "status_counts"."row_count" + 1, "price_cents" = "status_counts"."price_cents" + excluded."price_cents";
        end if;
        return null;
      end;
    $$;`);
    for (const table of COUNTED) {
      const cents = table === 'purchases' ? 'sum("price_cents")' : '0';
      this.addSql(
        `insert into "status_counts" ("table_name", "status", "row_count", "price_cents") select '${table}', "status", count(*), ${cents} from "${table}" group by "status";`,
      );
      this.addSql(
        `create trigger "${table}_count_rows" after insert or delete or update of "status" on "${table}" for each row execute function "count_by_status"();`,
      );
      this.addSql(
        `create trigger "${table}_count_truncate" after truncate on "${table}" for each statement execute function "count_by_status"();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of COUNTED) {
      this.addSql(`drop trigger if exists "${table}_count_rows" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_count_truncate" on "${table}";`);
      this.addSql(`drop index if exists "${table}_newest";`);
      this.addSql(`drop index if exists "${table}_status_newest";`);
    }
    this.addSql(`drop function if exists "count_by_status"();`);
    this.addSql(`drop table if exists "status_counts";`);
    this.addSql(
      `create index "whitelist_applications_status_created" on "whitelist_applications" ("status", "created_at" desc);`,
    );
    this.addSql(`create index "whitelist_applications_created" on "whitelist_applications" ("created_at" desc);`);
    this.addSql(
      `create index "staff_applications_status_created" on "staff_applications" ("status", "created_at" desc);`,
    );
    this.addSql(`create index "staff_applications_created" on "staff_applications" ("created_at" desc);`);
    this.addSql(`create index "purchases_created_at_index" on "purchases" ("created_at");`);
    this.addSql(`create index "purchases_status_created_at_index" on "purchases" ("status", "created_at");`);
  }
}
