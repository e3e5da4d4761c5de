import type { ApplicationPorts } from '../applications/module.ts';
import type { PurchaseRepository } from '../purchases/ports.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { createTokenModule, TokenPorts } from '../tokens/module.ts';
import type { createUserModule, UserPorts } from '../users/module.ts';
import type { AccountActionDeps, AppealClosing, BanEvents } from './model/account-actions.ts';
import { AdjustTokens } from './use-cases/adjust-tokens.ts';
import { BanPlayer } from './use-cases/ban-player.ts';
import { ChangePlayerPermissions } from './use-cases/change-player-permissions.ts';
import { ChangePlayerRole } from './use-cases/change-player-role.ts';
import { UnbanPlayer } from './use-cases/unban-player.ts';
import type { PlayerPorts } from './ports.ts';
import { SearchPlayers } from './use-cases/search-players.ts';
import { type PlayerMembershipSources, ShowPlayer } from './use-cases/show-player.ts';

interface Sources extends PlayerMembershipSources {
  users: UserPorts & TokenPorts;
  applications: ApplicationPorts;
  purchases: PurchaseRepository;
  accounts: { users: ReturnType<typeof createUserModule>; tokens: ReturnType<typeof createTokenModule> };
  appeals: AppealClosing;
  bans?: BanEvents;
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}

/** A player's page for staff, and the admin actions taken there and from the terminal. */
export function createPlayerModule(p: PlayerPorts, sources: Sources, shared: Shared) {
  const { users, tokenLedger } = sources.users;
  const { accounts } = sources;
  const actionDeps: AccountActionDeps = {
    ...shared,
    users,
    log: p.actions,
    credit: accounts.tokens.credit,
    debit: accounts.tokens.debit,
    changeRole: accounts.users.changeRole,
    changePermissions: accounts.users.changePermissions,
    appeals: sources.appeals,
    ...(sources.bans ? { bans: sources.bans } : {}),
  };
  return {
    search: new SearchPlayers(users),
    show: new ShowPlayer({
      ...p,
      users,
      tokenLedger,
      purchases: sources.purchases,
      applications: {
        whitelist: sources.applications.whitelistApplications,
        staff: sources.applications.staffApplications,
        appeal: sources.applications.appeals,
      },
      clock: shared.clock,
      access: sources.access,
      membership: sources.membership,
      membershipEvents: sources.membershipEvents,
      tierName: sources.tierName,
    }),
    adjustTokens: new AdjustTokens(actionDeps),
    ban: new BanPlayer(actionDeps),
    unban: new UnbanPlayer(actionDeps),
    changeRole: new ChangePlayerRole(actionDeps),
    changePermissions: new ChangePlayerPermissions(actionDeps),
  };
}
