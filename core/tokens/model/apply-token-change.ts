import { InvalidInputError, type ErrorIssue } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import { InsufficientTokensError, TokenReferenceUsedError } from '../errors.ts';
import {
  TOKEN_AMOUNT_MAX,
  TOKEN_REASON_MAX,
  TOKEN_REFERENCE_MAX,
  type TokenChangeInput,
  type TokenChangeResult,
} from './ledger-entry.ts';
import type { TokenLedger } from '../ports.ts';

export interface TokenChangeDeps {
  ledger: TokenLedger;
  transactions: TransactionRunner;
  ids: IdGenerator;
  clock: Clock;
}

/** The rules credits and debits share; `sign` says which one this is. */
export async function applyTokenChange(
  deps: TokenChangeDeps,
  input: TokenChangeInput,
  sign: 1 | -1,
): Promise<TokenChangeResult> {
  const { amount, reason, reference } = checked(input);
  const outcome = await deps.transactions.run(() =>
    deps.ledger.apply({
      id: deps.ids.next(),
      userId: input.userId,
      delta: sign * amount,
      reason,
      reference,
      actorId: input.actorId ?? null,
      createdAt: deps.clock.now(),
      bought: input.bought === true,
    }),
  );
  switch (outcome.kind) {
    case 'unknown_user':
      throw new UserNotFoundError(`with id ${input.userId}`);
    case 'insufficient':
      throw new InsufficientTokensError(outcome.balance, amount);
    case 'duplicate':
      if (outcome.entry.userId !== input.userId || Math.sign(outcome.entry.delta) !== sign)
        throw new TokenReferenceUsedError(reference ?? '');
      return { balance: outcome.entry.balanceAfter, entryId: outcome.entry.id, duplicate: true };
    case 'applied':
      return { balance: outcome.entry.balanceAfter, entryId: outcome.entry.id, duplicate: false };
  }
}

function checked(input: TokenChangeInput) {
  const issues: ErrorIssue[] = [];
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  const reference = typeof input.reference === 'string' && input.reference.trim() ? input.reference.trim() : null;
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > TOKEN_AMOUNT_MAX) {
    issues.push({ path: 'amount', message: `Amount must be a whole number from 1 to ${TOKEN_AMOUNT_MAX}.` });
  }
  if (!reason || reason.length > TOKEN_REASON_MAX)
    issues.push({ path: 'reason', message: `Reason must be 1 to ${TOKEN_REASON_MAX} characters.` });
  if (reference && reference.length > TOKEN_REFERENCE_MAX)
    issues.push({ path: 'reference', message: `Reference is at most ${TOKEN_REFERENCE_MAX} characters.` });
  if (issues.length > 0) {
    throw new InvalidInputError(
      'INVALID_TOKEN_CHANGE',
      `Invalid token change. ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      issues,
    );
  }
  return { amount: input.amount, reason, reference };
}
