import type { AccountAction, AccountActionLog } from '../../core/audit/model/account-action.ts';
import { accountActionFields } from '../../core/audit/model/audit-chain.ts';
import { InMemoryAuditChain } from './in-memory-audit-chain.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/** Keeps rows in the order they were recorded. */
export class InMemoryAccountActionLog implements AccountActionLog, SnapshotStore {
  private readonly rows: AccountAction[] = [];

  /** `chain`: the audit chain this log's rows are linked into, shared with the review audit log */
  constructor(private readonly chain = new InMemoryAuditChain()) {}

  /** the rows and the chain they are linked into go back together */
  snapshot(): () => void {
    const rows = snapshotArray(this.rows);
    const chain = this.chain.snapshot();
    return () => {
      rows();
      chain();
    };
  }

  async record(action: AccountAction): Promise<void> {
    this.rows.push(structuredClone(action));
    this.chain.append('account-action', action.id, action.createdAt, accountActionFields(action));
  }

  async forUser(userId: string, limit: number): Promise<AccountAction[]> {
    return this.rows
      .filter((row) => row.userId === userId)
      .reverse()
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }
}
