import { Migration } from '@mikro-orm/migrations';

/**
 * What server processes keep in memory (sessions and their users) must be dropped the moment the row changes,
 * whoever changed it (another process, the CLI, a hand-written SQL statement). Triggers on `users` and `sessions`
 * announce every change on the `bayou_cache` channel (LISTEN/NOTIFY, delivered at commit) and log it in
 * `cache_invalidations`, which processes on the embedded database (where NOTIFY does not reach other
 * connections) read every quarter second.
 */
export class Migration20261124000013CacheInvalidations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "cache_invalidations" (
      "id" bigserial primary key,
      "key" varchar(300) not null,
      "at" timestamptz not null default now()
    );`);
    this.addSql(`create function "bayou_user_changed"() returns trigger language plpgsql as $$
      declare changed text := 'user:' || (case when tg_op = 'DELETE' then old."id" else new."id" end)::text;
      begin
        insert into "cache_invalidations" ("key") values (changed);
        perform pg_notify('bayou_cache', changed);
        return null;
      end $$;`);
    this.addSql(`create function "bayou_session_changed"() returns trigger language plpgsql as $$
      declare changed text := 'session:' || (case when tg_op = 'DELETE' then old."sid" else new."sid" end);
      begin
        insert into "cache_invalidations" ("key") values (changed);
        perform pg_notify('bayou_cache', changed);
        return null;
      end $$;`);
    this.addSql(
      `create trigger "users_cache" after update or delete on "users" for each row execute function "bayou_user_changed"();`,
    );
    this.addSql(
      `create trigger "sessions_cache" after update or delete on "sessions" for each row execute function "bayou_session_changed"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "sessions_cache" on "sessions";`);
    this.addSql(`drop trigger if exists "users_cache" on "users";`);
    this.addSql(`drop function if exists "bayou_session_changed"();`);
    this.addSql(`drop function if exists "bayou_user_changed"();`);
    this.addSql(`drop table if exists "cache_invalidations";`);
  }
}
