/** One change to a user's token balance. Every balance is the sum of its user's entries. */
export interface TokenLedgerEntry {
  id: string;
  userId: string;
  /** positive for a credit, negative for a debit; never zero */
  delta: number;
  /** the balance right after this entry */
  balanceAfter: number;
  /**
   * how this entry moved the part of the balance bought with money (see `boughtShare`): the whole delta for tokens a
   * payment credited, 0 for tokens earned or granted, and for a debit what it drew from the bought part
   */
  boughtDelta: number;
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
  /**
   * a credit: tokens paid for with money (a purchase's); a debit: a reversal (a refund, a dispute), drawn from
   * the bought part first. Absent: tokens earned or granted, and spends, which draw on those first.
   */
  bought?: boolean;
}

/** What the ledger is given to write: the balance after and the bought part's move are its to work out. */
export type TokenChange = Omit<TokenLedgerEntry, 'balanceAfter' | 'boughtDelta'> & { bought: boolean };

/**
 * How a change moves the bought part of a balance (`held` tokens, of which `bought` were paid for with money). A
 * credit adds to the bought part only when it was paid for. A spend draws on the earned or granted tokens first,
 * so tokens a player paid for are the last to go; a reversal (a refund, a dispute) draws on the bought ones first.
 */
export function boughtShare(held: number, bought: number, change: Pick<TokenChange, 'delta' | 'bought'>): number {
  if (change.delta > 0) return change.bought ? change.delta : 0;
  if (change.bought) return Math.max(change.delta, -bought);
  return Math.min(0, held - bought + change.delta);
}

export interface TokenChangeResult {
  /** the balance right after the entry */
  balance: number;
  entryId: string;
  /** true when the reference was used before: nothing changed, and this is the earlier result */
  duplicate: boolean;
}
