import type { UserRepository } from '../../users/ports.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import type { TokenLedgerEntry } from '../model/ledger-entry.ts';
import type { TokenLedger } from '../ports.ts';

export const TOKEN_HISTORY_MAX = 500;

/** A user's ledger, newest first. */
export class TokenHistory {
  constructor(
    private readonly ledger: TokenLedger,
    private readonly users: UserRepository,
  ) {}

  async execute(input: { userId: string; limit?: number }): Promise<TokenLedgerEntry[]> {
    if (!(await this.users.findById(input.userId))) throw new UserNotFoundError(`with id ${input.userId}`);
    const limit = Math.min(Math.max(Math.trunc(input.limit ?? 50), 1), TOKEN_HISTORY_MAX);
    return this.ledger.history(input.userId, limit);
  }
}
