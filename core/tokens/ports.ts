import type { TokenChange, TokenLedgerEntry } from './model/ledger-entry.ts';

export type LedgerOutcome =
  | { kind: 'applied'; entry: TokenLedgerEntry }
  /** an entry with this reference exists: nothing changed */
  | { kind: 'duplicate'; entry: TokenLedgerEntry }
  /** the balance would go below zero: nothing changed */
  | { kind: 'insufficient'; balance: number }
  | { kind: 'unknown_user' };

export interface TokenLedger {
  /**
   * Writes the entry and moves the user's balance by its delta as one atomic step, safe against
   * concurrent calls: never below zero, and at most one entry per reference. The bought part of the balance moves
   * with it as `boughtShare` says, under the same lock. Joins the caller's transaction when there is one.
   */
  apply(change: TokenChange): Promise<LedgerOutcome>;
  /** newest first */
  history(userId: string, limit: number): Promise<TokenLedgerEntry[]>;
}
