import { NOT_BACKED_UP } from '../../adapters/persistence/backup/tables.ts';
import type { Database } from '../../adapters/persistence/database.ts';

/** Every table a backup holds, each with its rows in a stable order: two databases holding the same compare equal. */
export async function databaseContents(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`,
  );
  const contents: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (NOT_BACKED_UP.includes(name)) continue;
    const rows = await database.query(`select * from "${name}"`);
    contents[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/** Each user's balance beside the sum of their ledger: equal for everyone in a consistent database. */
export async function balancesAndLedger(
  database: Database,
): Promise<Array<{ id: string; tokens: number; ledger: number; last: number | null }>> {
  const rows = await database.query<{ id: string; tokens: number; ledger: string; last: number | null }>(
    `select u.id, u.tokens,
            coalesce((select sum(l.delta) from token_ledger l where l.user_id = u.id), 0) as ledger,
            (select l.balance_after from token_ledger l where l.user_id = u.id order by l.seq desc limit 1) as last
       from users u order by u.id`,
  );
  return rows.map((row) => ({ id: row.id, tokens: row.tokens, ledger: Number(row.ledger), last: row.last }));
}

/** The users whose balance is not the sum of their ledger (and the last entry's balance): none when consistent. */
export async function balancesOffTheLedger(database: Database): Promise<unknown[]> {
  return (await balancesAndLedger(database)).filter(
    (row) => row.tokens !== row.ledger || (row.last !== null && row.last !== row.tokens),
  );
}
