import { InsufficientTokensError } from '../tokens/errors.ts';
import type { TokenChangeInput, TokenChangeResult } from '../tokens/ledger-entry.ts';
import type { User } from '../users/user.ts';
import type { TokenLedger } from './ports.ts';

interface TokenUseCases {
  credit: { execute(input: TokenChangeInput): Promise<TokenChangeResult> };
  debit: { execute(input: TokenChangeInput): Promise<TokenChangeResult> };
}

/**
 * The store's ledger port on the accounts module's credit and debit use cases (idempotent by reference,
 * joining the caller's transaction). A take-back never drives a balance below zero: when the buyer has
 * spent some of the tokens, what is left is taken.
 */
export function tokenLedgerFromAccounts(tokens: TokenUseCases, users: { get: { execute(id: string): Promise<User> } }): TokenLedger {
  return {
    async credit(input) {
      await tokens.credit.execute(input);
    },
    async debit(input) {
      try {
        await tokens.debit.execute(input);
        return input.amount;
      } catch (error) {
        if (!(error instanceof InsufficientTokensError)) throw error;
        const balance = (await users.get.execute(input.userId)).tokens;
        if (balance <= 0) return 0;
        await tokens.debit.execute({ ...input, amount: balance });
        return balance;
      }
    },
  };
}
