import { InvalidInputError } from '../../shared/errors.ts';
import { TOKEN_AMOUNT_MAX, TOKEN_REASON_MAX, type TokenChangeResult } from '../../tokens/model/ledger-entry.ts';
import type { User } from '../../users/model/user.ts';
import { type AccountActionDeps, type ActionContext, act, reasonOf } from '../model/account-actions.ts';

/** Credits or debits tokens by hand, with a required reason; a debit never takes the balance below zero. */
export class AdjustTokens {
  constructor(private readonly deps: AccountActionDeps) {}

  async execute(
    input: { userId: string; direction: 'credit' | 'debit'; amount: number; reason: string; reference?: string | null },
    context: ActionContext,
  ): Promise<{ user: User; result: TokenChangeResult }> {
    if (input.direction !== 'credit' && input.direction !== 'debit')
      throw new InvalidInputError('INVALID_DIRECTION', 'Choose to add or take tokens.');
    if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > TOKEN_AMOUNT_MAX)
      throw new InvalidInputError(
        'INVALID_AMOUNT',
        `The amount must be a whole number from 1 to ${TOKEN_AMOUNT_MAX.toLocaleString('en-US')}.`,
      );
    const reason = reasonOf(input.reason, TOKEN_REASON_MAX);
    const useCase = input.direction === 'credit' ? this.deps.credit : this.deps.debit;
    let result: TokenChangeResult | undefined;
    const user = await act(
      this.deps,
      context,
      input.userId,
      `${input.direction}_tokens`,
      'adjust-tokens',
      async (user) => {
        result = await useCase.execute({
          userId: user.id,
          amount: input.amount,
          reason,
          reference: input.reference,
          actorId: context.actor?.id ?? null,
        });
        return result.duplicate
          ? null
          : { log: { before: String(user.tokens), after: String(result.balance), reason } };
      },
    );
    if (!result) throw new Error('The token change gave no result.');
    return { user, result };
  }
}
