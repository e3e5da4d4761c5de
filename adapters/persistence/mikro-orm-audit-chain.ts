import {
  accountActionFields,
  type AuditChain,
  type AuditChainEntry,
  type AuditChainQuery,
  type ChainedLog,
  type ChainLink,
} from '../../core/audit/model/audit-chain.ts';
import { auditEntryFields } from '../../core/applications/model/audit-entry.ts';
import type { Database } from './database.ts';
import { accountActionOfColumns } from './mikro-orm-account-action-log.ts';
import { auditEntryOfColumns } from './mikro-orm-audit-log.ts';

type Row = Record<string, unknown>;

/** Each chained log: its table, and its row's id, time and hashed fields read from its columns. */
export const CHAINED_TABLES: Record<
  ChainedLog,
  { table: string; read(row: Row): Omit<AuditChainEntry, keyof ChainLink | 'log'> }
> = {
  'account-action': {
    table: 'account_actions',
    read(row) {
      const action = accountActionOfColumns(row);
      return { id: action.id, createdAt: action.createdAt, fields: accountActionFields(action) };
    },
  },
  'application-review': {
    table: 'application_reviews',
    read(row) {
      const entry = auditEntryOfColumns(row);
      return { id: entry.id, createdAt: entry.createdAt, fields: auditEntryFields(entry) };
    },
  },
};

/**
 * The audit chain over the account_actions and application_reviews tables, each row's link stored in its own
 * columns (chain_position, previous_hash, hash); the two logs append to it (see MikroOrmChainedLog).
 */
export class MikroOrmAuditChain implements AuditChain {
  constructor(private readonly database: Database) {}

  /** both tables in one statement, so one snapshot: a row appended meanwhile shows in both or in neither */
  async read({ after, limit, from, to }: AuditChainQuery): Promise<AuditChainEntry[]> {
    const bounds: Array<[condition: string, value: unknown]> = [[`"chain_position" > ?`, after]];
    if (from) bounds.push([`"created_at" >= ?`, from]);
    if (to) bounds.push([`"created_at" < ?`, to]);
    const where = bounds.map(([condition]) => condition).join(' and ');
    const params = bounds.map(([, value]) => value);
    const logs = Object.entries(CHAINED_TABLES) as Array<[ChainedLog, (typeof CHAINED_TABLES)[ChainedLog]]>;
    const rows = await this.database.query<{ log: ChainedLog; row: Row }>(
      `${logs
        .map(
          ([log, { table }]) =>
            `(select '${log}' as "log", "chain_position", row_to_json(t) as "row" from "${table}" t where ${where} order by "chain_position" limit ?)`,
        )
        .join(' union all ')} order by "chain_position" limit ?`,
      [...logs.flatMap(() => [...params, limit]), limit],
    );
    return rows.map(({ log, row }) => ({
      ...CHAINED_TABLES[log].read(row),
      log,
      position: Number(row.chain_position),
      previousHash: String(row.previous_hash),
      hash: String(row.hash),
    }));
  }
}
