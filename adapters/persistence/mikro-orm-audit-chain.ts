import {
  accountActionFields,
  type AuditChain,
  type AuditChainEntry,
  type AuditChainQuery,
  type ChainedLog,
  type ChainFields,
  type ChainLink,
  nextLink,
} from '../../core/audit/model/audit-chain.ts';
import { auditEntryFields } from '../../core/applications/model/audit-entry.ts';
import type { Database } from './database.ts';
import { accountActionOfColumns } from './mikro-orm-account-action-log.ts';
import { auditEntryOfColumns } from './mikro-orm-audit-log.ts';

type Row = Record<string, unknown>;

/** the advisory lock key of appending to the audit chain (beside the access lock's, 7_370_001) */
export const AUDIT_CHAIN_LOCK = 7_370_002;

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
 * columns (chain_position, previous_hash, hash). Appending takes one transaction-scoped advisory lock, then reads
 * the chain's last row: two transactions never link to the same row, and since a log row is written after the
 * rows its action changed, the lock comes last in every transaction's lock order and adds no deadlock.
 */
export class MikroOrmAuditChain implements AuditChain {
  constructor(private readonly database: Database) {}

  /** Links a new row into the chain and inserts it (`insert` with its link), in the caller's transaction. */
  async append(log: ChainedLog, fields: ChainFields, insert: (link: ChainLink) => Promise<void>): Promise<void> {
    const { em } = this.database;
    // a lock held by no transaction would end with its statement and let two rows share a head
    if (!em.isInTransaction()) return this.database.transactional(() => this.append(log, fields, insert));
    await em.execute(`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [head] = await em.execute<Row[]>(
      `(select "chain_position", "hash" from "account_actions" order by "chain_position" desc limit 1)
       union all
       (select "chain_position", "hash" from "application_reviews" order by "chain_position" desc limit 1)
       order by "chain_position" desc limit 1`,
    );
    await insert(
      nextLink(head ? { position: Number(head.chain_position), hash: String(head.hash) } : null, log, fields),
    );
  }

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
