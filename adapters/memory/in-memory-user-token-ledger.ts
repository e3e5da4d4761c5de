import { boughtShare, type TokenChange, type TokenLedgerEntry } from '../../core/tokens/model/ledger-entry.ts';
import type { LedgerOutcome, TokenLedger } from '../../core/tokens/ports.ts';
import type { InMemoryUserRepository } from './in-memory-user-repository.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/** The ledger over the in-memory users; `apply` does all its work without awaiting, so it is atomic. */
export class InMemoryUserTokenLedger implements TokenLedger, SnapshotStore {
  private readonly entries: TokenLedgerEntry[] = [];

  constructor(private readonly users: InMemoryUserRepository) {}

  /** the entries only: the balances live in the users' rows, which their repository snapshots */
  snapshot(): () => void {
    return snapshotArray(this.entries);
  }

  async apply({ bought, ...change }: TokenChange): Promise<LedgerOutcome> {
    const user = this.users.rows.get(change.userId);
    if (!user) return { kind: 'unknown_user' };
    const earlier = change.reference ? this.entries.find((entry) => entry.reference === change.reference) : undefined;
    if (earlier) return { kind: 'duplicate', entry: { ...earlier } };
    const balanceAfter = user.tokens + change.delta;
    if (balanceAfter < 0) return { kind: 'insufficient', balance: user.tokens };
    const entry = {
      ...change,
      balanceAfter,
      boughtDelta: boughtShare(user.tokens, user.boughtTokens, { ...change, bought }),
    };
    user.tokens = balanceAfter;
    user.boughtTokens += entry.boughtDelta;
    user.updatedAt = change.createdAt;
    this.entries.push(entry);
    return { kind: 'applied', entry: { ...entry } };
  }

  async history(userId: string, limit: number): Promise<TokenLedgerEntry[]> {
    return this.entries
      .filter((entry) => entry.userId === userId)
      .reverse()
      .slice(0, limit)
      .map((entry) => ({ ...entry }));
  }
}
