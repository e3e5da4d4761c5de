import type { Clock, IdGenerator } from '../shared/ports.ts';
import { BanUser } from './use-cases/ban-user.ts';
import { ChangePermissions } from './use-cases/change-permissions.ts';
import { ChangeRole } from './use-cases/change-role.ts';
import { FindUserByDiscordId } from './use-cases/find-user-by-discord-id.ts';
import { GetUser } from './use-cases/get-user.ts';
import { ListUsers } from './use-cases/list-users.ts';
import type { UserRepository } from './ports.ts';
import { SignIn } from './use-cases/sign-in.ts';
import { UnbanUser } from './use-cases/unban-user.ts';

/** What accounts need from outside. */
export interface UserPorts {
  users: UserRepository;
  /** Discord ids made admins when they sign in (ADMIN_DISCORD_IDS) */
  adminDiscordIds?: readonly string[];
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
}

export function createUserModule(p: UserPorts, shared: Shared) {
  const { clock, ids } = shared;
  return {
    signIn: new SignIn(p.users, ids, clock, p.adminDiscordIds ?? []),
    get: new GetUser(p.users),
    findByDiscordId: new FindUserByDiscordId(p.users),
    list: new ListUsers(p.users),
    changeRole: new ChangeRole(p.users, clock),
    changePermissions: new ChangePermissions(p.users, clock),
    ban: new BanUser(p.users, clock),
    unban: new UnbanUser(p.users, clock),
  };
}
