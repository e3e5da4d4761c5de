import { type ChainedLog, type ChainFields, nextLink } from '../../core/audit/model/audit-chain.ts';
import type { Database } from './database.ts';

/** the advisory lock key of appending to the audit chain (beside the access lock's, 7_370_001) */
export const AUDIT_CHAIN_LOCK = 7_370_002;

/**
 * A table whose rows are links of the audit chain (account_actions, application_reviews; MikroOrmAuditChain reads
 * them): appended in the caller's transaction as the chain's next row, never updated (a trigger refuses it).
 * Appending takes one transaction-scoped advisory lock, then reads the chain's last row: two transactions never link
 * to the same row, and since a log row is written after the rows its action changed, the lock comes last in every
 * transaction's lock order and adds no deadlock.
 */
export abstract class MikroOrmChainedLog<Row> {
  constructor(
    protected readonly database: Database,
    private readonly log: ChainedLog,
    private readonly table: string,
    private readonly fieldsOf: (row: Row) => ChainFields,
  ) {}

  /** appended as the audit chain's next row */
  async record(row: Row): Promise<void> {
    await this.append(this.fieldsOf(row));
  }

  /**
   * Links a new row into the chain and inserts it: its columns are its hashed `fields` (every column of the row but
   * the chain's own, so what is stored is what is hashed) and its link's three columns.
   */
  private async append(fields: ChainFields): Promise<void> {
    const { em } = this.database;
    // a lock held by no transaction would end with its statement and let two rows share a head
    if (!em.isInTransaction()) return this.database.transactional(() => this.append(fields));
    await em.execute(`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [head] = await em.execute<Array<Record<string, unknown>>>(
      `(select "chain_position", "hash" from "account_actions" order by "chain_position" desc limit 1)
       union all
       (select "chain_position", "hash" from "application_reviews" order by "chain_position" desc limit 1)
       order by "chain_position" desc limit 1`,
    );
    const previous = head ? { position: Number(head.chain_position), hash: String(head.hash) } : null;
    const link = nextLink(previous, this.log, fields);
    const row = { ...fields, chain_position: link.position, previous_hash: link.previousHash, hash: link.hash };
    const columns = Object.keys(row);
    await em.execute(
      `insert into "${this.table}" (${columns.map((column) => `"${column}"`).join(', ')})
       values (${columns.map(() => '?').join(', ')})`,
      Object.values(row),
    );
  }
}
