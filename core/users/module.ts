import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { CreditTokens } from '../tokens/credit-tokens.ts';
import { DebitTokens } from '../tokens/debit-tokens.ts';
import type { TokenLedger } from '../tokens/ports.ts';
import { TokenHistory } from '../tokens/token-history.ts';
import { BanUser } from './ban-user.ts';
import { ChangeRole } from './change-role.ts';
import { FindUserByDiscordId } from './find-user-by-discord-id.ts';
import { GetUser } from './get-user.ts';
import { ListUsers } from './list-users.ts';
import type { UserRepository } from './ports.ts';
import { SignIn } from './sign-in.ts';
import { UnbanUser } from './unban-user.ts';

/** What accounts and token balances need from outside. */
export interface UserPorts {
  users: UserRepository;
  tokenLedger: TokenLedger;
  /** Discord ids made admins when they sign in (ADMIN_DISCORD_IDS) */
  adminDiscordIds?: readonly string[];
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}

export function createUserModules(p: UserPorts, shared: Shared) {
  const { clock, ids, transactions } = shared;
  const tokenDeps = { ledger: p.tokenLedger, transactions, ids, clock };
  return {
    users: {
      signIn: new SignIn(p.users, ids, clock, p.adminDiscordIds ?? []),
      get: new GetUser(p.users),
      findByDiscordId: new FindUserByDiscordId(p.users),
      list: new ListUsers(p.users),
      changeRole: new ChangeRole(p.users, clock),
      ban: new BanUser(p.users, clock),
      unban: new UnbanUser(p.users, clock),
    },
    tokens: {
      credit: new CreditTokens(tokenDeps),
      debit: new DebitTokens(tokenDeps),
      history: new TokenHistory(p.tokenLedger, p.users),
    },
  };
}
