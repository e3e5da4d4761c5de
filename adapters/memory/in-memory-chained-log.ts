import type { ChainedLog, ChainFields } from '../../core/audit/model/audit-chain.ts';
import { InMemoryAuditChain } from './in-memory-audit-chain.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/**
 * A log whose rows are links of the audit chain (the account-action log, the review audit log): keeps copies of its
 * rows in the order they were recorded, and appends each row's fields to the chain as it records it.
 */
export abstract class InMemoryChainedLog<Row extends { id: string; createdAt: Date }> implements SnapshotStore {
  protected readonly rows: Row[] = [];

  /** `chain`: the audit chain this log's rows are linked into, shared with the other chained logs */
  constructor(
    private readonly log: ChainedLog,
    private readonly fieldsOf: (row: Row) => ChainFields,
    private readonly chain = new InMemoryAuditChain(),
  ) {}

  /** the rows and the chain they are linked into go back together */
  snapshot(): () => void {
    const rows = snapshotArray(this.rows);
    const chain = this.chain.snapshot();
    return () => {
      rows();
      chain();
    };
  }

  async record(row: Row): Promise<void> {
    this.rows.push(structuredClone(row));
    this.chain.append(this.log, row.id, row.createdAt, this.fieldsOf(row));
  }
}
