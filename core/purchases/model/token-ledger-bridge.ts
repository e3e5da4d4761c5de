import { InsufficientTokensError } from '../../tokens/errors.ts';
import type { TokenChangeInput, TokenChangeResult } from '../../tokens/model/ledger-entry.ts';
import type { User } from '../../users/model/user.ts';
import type { PurchaseTokenGrants } from '../ports.ts';

interface TokenUseCases {
  credit: { execute(input: TokenChangeInput): Promise<TokenChangeResult> };
  debit: { execute(input: TokenChangeInput): Promise<TokenChangeResult> };
}

/**
 * The store's token grants on the accounts module's credit and debit use cases (idempotent by reference,
 * joining the caller's transaction). A reversal never drives a balance below zero: when the buyer has
 * spent some of the tokens, what is left is taken.
 */
export function tokenLedgerFromAccounts(
  tokens: TokenUseCases,
  users: { get: { execute(id: string): Promise<User> } },
): PurchaseTokenGrants {
  return {
    async credit(grant) {
      await tokens.credit.execute(grant);
    },
    async debit(grant) {
      try {
        const result = await tokens.debit.execute(grant);
        return result.duplicate ? 0 : grant.amount;
      } catch (error) {
        if (!(error instanceof InsufficientTokensError)) throw error;
        const balance = (await users.get.execute(grant.userId)).tokens;
        if (balance <= 0) return 0;
        const result = await tokens.debit.execute({ ...grant, amount: balance });
        return result.duplicate ? 0 : balance;
      }
    },
  };
}
