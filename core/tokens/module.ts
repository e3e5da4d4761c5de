import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { UserRepository } from '../users/ports.ts';
import { CreditTokens } from './use-cases/credit-tokens.ts';
import { DebitTokens } from './use-cases/debit-tokens.ts';
import type { TokenLedger } from './ports.ts';
import { TokenHistory } from './use-cases/token-history.ts';

/** What token balances need from outside: the ledger, and the accounts it belongs to. */
export interface TokenPorts {
  tokenLedger: TokenLedger;
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}

export function createTokenModule(p: TokenPorts & { users: UserRepository }, shared: Shared) {
  const tokenDeps = { ledger: p.tokenLedger, ...shared };
  return {
    credit: new CreditTokens(tokenDeps),
    debit: new DebitTokens(tokenDeps),
    history: new TokenHistory(p.tokenLedger, p.users),
  };
}
