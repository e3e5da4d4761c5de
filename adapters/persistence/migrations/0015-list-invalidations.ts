import { Migration } from '@mikro-orm/migrations';

/** the tables the review lists and the purchases list read, beside `users` (which 0013 already announces) */
const LISTED = ['whitelist_applications', 'staff_applications', 'purchases', 'deliveries'] as const;

/**
 * Server processes cache the staff's list responses in memory a moment (the review lists and the purchases list are
 * polled). A change to a table they read is announced as `table:<name>` on the `bayou_cache` channel and in the
 * `cache_invalidations` log, as 0013 does for users and sessions, whoever made it (another process, the CLI, a
 * hand-written statement). Once per table per transaction: a transaction writing many rows logs one line.
 */
export class Migration20261126000015ListInvalidations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "bayou_table_changed"() returns trigger language plpgsql as $$
      declare
        changed text := 'table:' || tg_table_name;
        told text := 'bayou.told_' || tg_table_name;
      begin
        if current_setting(told, true) is distinct from 'yes' then
          perform set_config(told, 'yes', true);
          insert into "cache_invalidations" ("key") values (changed);
          perform pg_notify('bayou_cache', changed);
        end if;
        return null;
      end $$;`);
    for (const table of LISTED)
      this.addSql(
        `create trigger "${table}_cache" after insert or update or delete on "${table}" for each row execute function "bayou_table_changed"();`,
      );
  }

  override async down(): Promise<void> {
    for (const table of LISTED) this.addSql(`drop trigger if exists "${table}_cache" on "${table}";`);
    this.addSql(`drop function if exists "bayou_table_changed"();`);
  }
}
