import { Option, type Command } from 'commander';
import { PERMISSIONS, permissionStates, type PermissionSource } from '../../core/users/model/permissions.ts';
import { ROLES, displayName, type Role, type User } from '../../core/users/model/user.ts';
import type { System } from '../../adapters/compose.ts';
import type { ActionContext } from '../../core/players/model/account-actions.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

export function userJson(user: User) {
  return {
    id: user.id,
    discordId: user.discordId,
    discordUsername: user.discordUsername,
    username: user.username,
    email: user.email,
    role: user.role,
    tokens: user.tokens,
    boughtTokens: user.boughtTokens,
    isWhitelisted: user.isWhitelisted,
    bannedAt: user.bannedAt?.toISOString() ?? null,
    banReason: user.banReason,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The display name, on one line. */
export const shownName = (user: User) => oneLine(displayName(user));

function listLine(user: User): string {
  const ban = user.bannedAt ? `  BANNED: ${user.banReason ?? ''}` : '';
  return oneLine(
    `${user.discordId.padEnd(20)} ${user.role.padEnd(6)} ${String(user.tokens).padStart(7)} tokens  ${displayName(user)}${user.email ? ` <${user.email}>` : ''}${ban}`,
  );
}

function detailLines(user: User): string[] {
  return [
    `User ${shownName(user)}`,
    `Id:           ${user.id}`,
    `Discord:      ${oneLine(user.discordUsername ?? '-')} (${user.discordId})`,
    `Email:        ${oneLine(user.email ?? '-')}`,
    `Role:         ${user.role}`,
    `Permissions:  ${
      permissionStates(user)
        .filter((state) => state.held)
        .map((state) => state.permission)
        .join(', ') || '-'
    }`,
    `Tokens:       ${user.tokens} (${user.boughtTokens} bought, ${user.tokens - user.boughtTokens} earned or granted)`,
    `Whitelisted:  ${user.isWhitelisted ? 'yes' : 'no'}`,
    `Banned:       ${user.bannedAt ? `since ${user.bannedAt.toISOString()}: ${oneLine(user.banReason)}` : 'no'}`,
    `Joined:       ${user.createdAt.toISOString()}`,
  ];
}

/** The terminal's actor for the account-action log: the admin named by --as, or nobody named. */
export async function terminalActor(system: System, as: string | undefined): Promise<ActionContext> {
  const actor = as ? await system.core.users.findByDiscordId.execute(as) : null;
  return { actor, channel: 'cli' };
}

const SOURCE_WORDS: Record<PermissionSource, string> = {
  role: 'from the role',
  granted: 'granted',
  implied: 'comes with another',
  revoked: 'revoked from the role',
  none: '-',
};

/** One line per permission: held or not, and where that comes from. */
function permissionLines(user: User): string[] {
  const banned = user.bannedAt ? ['(banned: holds none while the ban lasts)'] : [];
  return [
    `Permissions of ${shownName(user)} (${user.discordId}), role ${user.role}:`,
    ...permissionStates(user).map(
      (state) =>
        `  ${state.held ? 'yes' : 'no '}  ${state.permission.padEnd(18)} ${(state.impliedBy ? `comes with ${state.impliedBy}` : SOURCE_WORDS[state.source]).padEnd(24)} ${state.label}`,
    ),
    ...banned,
  ];
}

const collect = (value: string, previous: string[]) => [...previous, value];

const AS_DESCRIPTION = 'the admin making the change, recorded in the account-action log';

export function registerUserCommands(program: Command, context: CliContext): void {
  const users = program.command('users').description('Accounts: roles and bans');

  users
    .command('list')
    .description('List users, oldest first')
    .addOption(new Option('--role <role>', 'only users with this role').choices(ROLES))
    .option('--json', 'print JSON')
    .action((options: { role?: Role; json?: boolean }) =>
      context.withSystem(async (system) => {
        const list = await system.core.users.list.execute({ role: options.role });
        if (options.json) return context.out(terminalJson(list.map(userJson)));
        if (list.length === 0)
          return context.out(options.role ? `No users with the ${options.role} role.` : 'No users yet.');
        for (const user of list) context.out(listLine(user));
      }),
    );

  users
    .command('show <discordId>')
    .description("Show one user's account")
    .option('--json', 'print JSON')
    .action((discordId: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const user = await system.core.users.findByDiscordId.execute(discordId);
        if (options.json) return context.out(terminalJson(userJson(user)));
        for (const line of detailLines(user)) context.out(line);
      }),
    );

  users
    .command('role <discordId> <role>')
    .description(`Set the role (${ROLES.join(', ')}); it applies on the user's next request`)
    .option('--reason <text>', 'why, recorded in the account-action log')
    .option('--as <discordId>', AS_DESCRIPTION)
    .action((discordId: string, role: string, options: { reason?: string; as?: string }) =>
      context.withSystem(async (system) => {
        const user = await system.core.users.findByDiscordId.execute(discordId);
        const changed = await system.core.players.changeRole.execute(
          { userId: user.id, role: role as Role, reason: options.reason },
          await terminalActor(system, options.as),
        );
        context.out(`${shownName(changed)} (${changed.discordId}) is now ${changed.role}.`);
      }),
    );

  users
    .command('permissions <discordId>')
    .description(
      `Show the effective permissions and where each comes from, or grant and revoke single ones on top of the role (${PERMISSIONS.join(', ')}); a change applies on the user's next request`,
    )
    .option('--grant <permission>', 'grant this permission (repeat for more)', collect, [])
    .option('--revoke <permission>', 'revoke this permission (repeat for more)', collect, [])
    .option('--reason <text>', 'why, recorded in the account-action log')
    .option('--as <discordId>', AS_DESCRIPTION)
    .option('--json', 'print JSON')
    .action(
      (
        discordId: string,
        options: { grant: string[]; revoke: string[]; reason?: string; as?: string; json?: boolean },
      ) =>
        context.withSystem(async (system) => {
          let user = await system.core.users.findByDiscordId.execute(discordId);
          if (options.grant.length > 0 || options.revoke.length > 0) {
            const { user: changed, changes } = await system.core.players.changePermissions.execute(
              { userId: user.id, grant: options.grant, revoke: options.revoke, reason: options.reason },
              await terminalActor(system, options.as),
            );
            user = changed;
            if (!options.json) {
              if (changes.length === 0) context.out('Nothing changed: the permissions were already as asked.');
              for (const change of changes) context.out(`${change.held ? 'Granted' : 'Revoked'} ${change.permission}.`);
            }
          }
          if (options.json)
            return context.out(
              terminalJson({ discordId: user.discordId, role: user.role, permissions: permissionStates(user) }),
            );
          for (const line of permissionLines(user)) context.out(line);
        }),
    );

  users
    .command('ban <discordId>')
    .description('Ban from signing in and buying; ends their sessions')
    .requiredOption('--reason <text>', 'why, shown to the user')
    .option('--as <discordId>', AS_DESCRIPTION)
    .action((discordId: string, options: { reason: string; as?: string }) =>
      context.withSystem(async (system) => {
        const user = await system.core.users.findByDiscordId.execute(discordId);
        if (user.bannedAt)
          return context.out(
            `${shownName(user)} (${user.discordId}) was already banned on ${user.bannedAt.toISOString()}: ${oneLine(user.banReason)}`,
          );
        const banned = await system.core.players.ban.execute(
          { userId: user.id, reason: options.reason },
          await terminalActor(system, options.as),
        );
        context.out(`${shownName(banned)} (${banned.discordId}) is banned: ${oneLine(banned.banReason)}`);
      }),
    );

  users
    .command('unban <discordId>')
    .description('Lift a ban')
    .requiredOption('--reason <text>', 'why, recorded in the account-action log')
    .option('--as <discordId>', AS_DESCRIPTION)
    .action((discordId: string, options: { reason: string; as?: string }) =>
      context.withSystem(async (system) => {
        const user = await system.core.users.findByDiscordId.execute(discordId);
        if (!user.bannedAt) return context.out(`${shownName(user)} (${user.discordId}) is not banned.`);
        const unbanned = await system.core.players.unban.execute(
          { userId: user.id, reason: options.reason },
          await terminalActor(system, options.as),
        );
        context.out(`${shownName(unbanned)} (${unbanned.discordId}) is no longer banned.`);
      }),
    );

  users
    .command('2fa-reset <discordId>')
    .description("Remove a member's passkeys, authenticator app and recovery codes when they lost them")
    .requiredOption('--reason <text>', 'why, recorded in the account-action log')
    .option('--as <discordId>', AS_DESCRIPTION)
    .action((discordId: string, options: { reason: string; as?: string }) =>
      context.withSystem(async (system) => {
        const user = await system.core.users.findByDiscordId.execute(discordId);
        const removed = await system.core.security.reset.execute(
          { discordId, reason: options.reason },
          await terminalActor(system, options.as),
        );
        context.out(
          `Second factor of ${shownName(user)} (${user.discordId}) reset: ${removed.passkeys} passkey(s), ${removed.authenticatorApp ? 'the authenticator app' : 'no authenticator app'} and ${removed.recoveryCodes} unused recovery code(s) removed. They set one up again at /account/security before staff actions work.`,
        );
      }),
    );
}
