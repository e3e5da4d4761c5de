/** One change to a user's token balance. Every balance is the sum of its user's entries. */
export interface TokenLedgerEntry {
  id: string;
  userId: string;
  /** positive for a credit, negative for a debit; never zero */
  delta: number;
  /** the balance right after this entry */
  balanceAfter: number;
  reason: string;
  /** what caused it, e.g. a purchase id; unique across the ledger when present */
  reference: string | null;
  /** who made it by hand (staff from the terminal), null for the system */
  actorId: string | null;
  createdAt: Date;
}

export const TOKEN_AMOUNT_MAX = 1_000_000;
export const TOKEN_REASON_MAX = 200;
export const TOKEN_REFERENCE_MAX = 200;

export interface TokenChangeInput {
  userId: string;
  /** whole tokens, positive */
  amount: number;
  reason: string;
  reference?: string | null;
  actorId?: string | null;
}

export interface TokenChangeResult {
  /** the balance right after the entry */
  balance: number;
  entryId: string;
  /** true when the reference was used before: nothing changed, and this is the earlier result */
  duplicate: boolean;
}
