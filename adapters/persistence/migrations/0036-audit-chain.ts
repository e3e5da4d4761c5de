import { Migration } from '@mikro-orm/migrations';
import { type ChainLink, nextLink } from '../../../core/audit/model/audit-chain.ts';
import { CHAINED_TABLES } from '../mikro-orm-audit-chain.ts';

type Row = Record<string, unknown>;

/** rows updated per statement while the existing rows are linked */
const BATCH = 1000;

/**
 * The audit chain (decision 0074): each row of the account-action log and of the review audit log carries its
 * position in one chain over both, the hash of the row before it, and its own hash. The rows already written are
 * linked in the order they were created (the time, then the account actions first, then the order written), with
 * the hashing the logs use when they append. The review audit log becomes append-only as the account-action log
 * is: a trigger refuses to change or delete a row.
 */
export class Migration20261129000036AuditChain extends Migration {
  override async up(): Promise<void> {
    const tables = Object.values(CHAINED_TABLES).map(({ table }) => table);
    for (const table of tables)
      await this.execute(`alter table "${table}" add column "chain_position" bigint null,
        add column "previous_hash" char(64) null, add column "hash" char(64) null`);
    const rows: Array<{ log: keyof typeof CHAINED_TABLES; row: Row }> = [];
    for (const [log, { table }] of Object.entries(CHAINED_TABLES) as Array<
      [keyof typeof CHAINED_TABLES, { table: string }]
    >)
      for (const row of await this.execute(`select * from "${table}" order by "seq"`)) rows.push({ log, row });
    const created = (row: Row) => new Date(row.created_at as string).getTime();
    // a stable sort: rows of one time keep the account actions first, each log in the order it was written
    rows.sort((a, b) => created(a.row) - created(b.row));

    const links = new Map<string, Array<ChainLink & { id: string }>>(tables.map((table) => [table, []]));
    let head: ChainLink | null = null;
    for (const { log, row } of rows) {
      const { table, read } = CHAINED_TABLES[log];
      const { id, fields } = read(row);
      head = nextLink(head, log, fields);
      links.get(table)?.push({ id, ...head });
    }
    await this.execute(`alter table "account_actions" disable trigger "account_actions_no_change"`);
    for (const [table, linked] of links) {
      for (let start = 0; start < linked.length; start += BATCH) {
        const batch = linked.slice(start, start + BATCH);
        await this.execute(
          `update "${table}" t set "chain_position" = v."position", "previous_hash" = v."previousHash", "hash" = v."hash"
           from jsonb_to_recordset(?::jsonb) as v("id" uuid, "position" bigint, "previousHash" text, "hash" text)
           where t."id" = v."id"`,
          [JSON.stringify(batch)],
        );
      }
    }
    await this.execute(`alter table "account_actions" enable trigger "account_actions_no_change"`);
    for (const table of tables) {
      await this.execute(`alter table "${table}" alter column "chain_position" set not null,
        alter column "previous_hash" set not null, alter column "hash" set not null`);
      await this.execute(`create unique index "${table}_chain_position" on "${table}" ("chain_position")`);
      // two rows of one log can never name the same row before them
      await this.execute(`create unique index "${table}_previous_hash" on "${table}" ("previous_hash")`);
    }
    await this.execute(`create function "application_reviews_append_only"() returns trigger language plpgsql as $$
      begin raise exception 'application_reviews is append-only'; end $$`);
    await this.execute(`create trigger "application_reviews_no_change" before update or delete on "application_reviews"
      for each row execute function "application_reviews_append_only"()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "application_reviews_no_change" on "application_reviews";`);
    this.addSql(`drop function if exists "application_reviews_append_only"();`);
    for (const table of ['account_actions', 'application_reviews'])
      this.addSql(`alter table "${table}" drop column if exists "chain_position",
        drop column if exists "previous_hash", drop column if exists "hash";`);
  }
}
