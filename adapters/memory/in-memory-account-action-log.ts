import type { AccountAction, AccountActionLog } from '../../core/audit/model/account-action.ts';
import { accountActionFields } from '../../core/audit/model/audit-chain.ts';
import type { InMemoryAuditChain } from './in-memory-audit-chain.ts';
import { InMemoryChainedLog } from './in-memory-chained-log.ts';

/** Keeps rows in the order they were recorded. */
export class InMemoryAccountActionLog extends InMemoryChainedLog<AccountAction> implements AccountActionLog {
  /** `chain`: the audit chain this log's rows are linked into, shared with the review audit log */
  constructor(chain?: InMemoryAuditChain) {
    super('account-action', accountActionFields, chain);
  }

  async forUser(userId: string, limit: number): Promise<AccountAction[]> {
    return this.rows
      .filter((row) => row.userId === userId)
      .reverse()
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }
}
