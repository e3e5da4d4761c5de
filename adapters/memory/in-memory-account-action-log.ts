import type { AccountAction, AccountActionLog } from '../../core/audit/account-action.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/** Keeps rows in the order they were recorded. */
export class InMemoryAccountActionLog implements AccountActionLog, SnapshotStore {
  private readonly rows: AccountAction[] = [];

  snapshot(): () => void {
    return snapshotArray(this.rows);
  }

  async record(action: AccountAction): Promise<void> {
    this.rows.push(structuredClone(action));
  }

  async forUser(userId: string, limit: number): Promise<AccountAction[]> {
    return this.rows
      .filter((row) => row.userId === userId)
      .reverse()
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }
}
