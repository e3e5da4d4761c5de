import { ConflictError } from '../shared/errors.ts';

export class InsufficientTokensError extends ConflictError {
  constructor(
    readonly balance: number,
    amount: number,
  ) {
    super('INSUFFICIENT_TOKENS', `Not enough tokens: the balance is ${balance} and ${amount} were asked for.`);
  }
}

export class TokenReferenceUsedError extends ConflictError {
  constructor(reference: string) {
    super('TOKEN_REFERENCE_USED', `The reference ${reference} already belongs to another token change.`);
  }
}
