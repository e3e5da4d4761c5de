import type { AccountActionKind, AccountActionLog, Actor } from '../../audit/model/account-action.ts';
import type { ReviewChannel } from '../../audit/model/reviewer.ts';
import { ConflictError, ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import type { CreditTokens } from '../../tokens/use-cases/credit-tokens.ts';
import type { DebitTokens } from '../../tokens/use-cases/debit-tokens.ts';
import { TOKEN_AMOUNT_MAX, TOKEN_REASON_MAX, type TokenChangeResult } from '../../tokens/model/ledger-entry.ts';
import type { BanUser } from '../../users/use-cases/ban-user.ts';
import { BAN_REASON_MAX } from '../../users/use-cases/ban-user.ts';
import {
  type ChangePermissions,
  checkPermissionChanges,
  ensureManagerRemains,
  type PermissionChange,
} from '../../users/use-cases/change-permissions.ts';
import type { ChangeRole } from '../../users/use-cases/change-role.ts';
import { hasPermission, PERMISSION_LABELS, type Permission } from '../../users/model/permissions.ts';
import { ensureGrantedWithin, ensureOutranks } from '../../users/model/ranks.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { UnbanUser } from '../../users/use-cases/unban-user.ts';
import { displayName, ROLES, type Role, type User } from '../../users/model/user.ts';

/** Who acts and from where: the website's signed-in admin, or the terminal (with or without --as). */
export interface ActionContext {
  actor: Actor | null;
  channel: ReviewChannel;
  /** the id of the approved ban appeal this carries out: its reviewer's permission was checked by that review */
  approvedAppeal?: string;
}

/** The name recorded in the log when the terminal names nobody. */
export const UNNAMED_TERMINAL_ACTOR = 'Terminal (no --as)';

export interface AccountActionDeps {
  users: UserRepository;
  log: AccountActionLog;
  transactions: TransactionRunner;
  ids: IdGenerator;
  clock: Clock;
  credit: CreditTokens;
  debit: DebitTokens;
  ban: BanUser;
  unban: UnbanUser;
  changeRole: ChangeRole;
  changePermissions: ChangePermissions;
  /** closes the pending appeals of a website ban that is lifted or replaced */
  appeals: AppealClosing;
}

/** What a change to an account's website ban does to the appeals filed against the ban it had. */
export interface AppealClosing {
  /** in the caller's transaction, before the ban itself changes (appeal rows, then the user's: one lock order) */
  banChanged(input: {
    userId: string;
    change: 'lifted' | 'replaced';
    /** the new ban, when it replaces the appealed one */
    current?: { at: Date; reason: string };
    by: { id: string | null; name: string };
  }): Promise<void>;
}

function reasonOf(value: unknown, max: number): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason) throw new InvalidInputError('REASON_REQUIRED', 'Give a reason.');
  if (reason.length > max) throw new InvalidInputError('REASON_TOO_LONG', `The reason is at most ${max} characters.`);
  return reason;
}

/** What one action writes to the log; null: nothing changed (a token reference used before), so no row. */
type Change = {
  before: string;
  after: string;
  reason: string | null;
  permission?: Permission | null;
  /** this row's kind, when it is not the action's */
  action?: AccountActionKind;
};

/**
 * Runs one admin action on an account: checks the actor holds `permission`, then, in one transaction, reads the
 * account, refuses it when it holds a permission the actor lacks (the rank rule, `ensureOutranks`), makes the change,
 * refuses a change that leaves it holding more than the actor (`ensureGrantedWithin`), and writes its rows of the
 * account-action log (a failure leaves nothing). A change that may take away the permission manager's permission
 * (`guardsManager`) takes the access lock first and is refused when it would leave nobody holding it.
 */
async function act(
  deps: AccountActionDeps,
  context: ActionContext,
  userId: string,
  action: AccountActionKind,
  permission: Permission,
  change: (user: User) => Promise<Change | Change[] | null>,
  options: { guardsManager?: boolean } = {},
): Promise<User> {
  if (context.actor && !context.approvedAppeal && !hasPermission(context.actor, permission))
    throw new ForbiddenError('PERMISSION_REQUIRED', `This needs the "${PERMISSION_LABELS[permission]}" permission.`);
  return deps.transactions.run(async () => {
    if (options.guardsManager) await deps.users.lockAccessChanges();
    const user = await deps.users.findById(userId);
    if (!user) throw new UserNotFoundError(`with id ${userId}`);
    const { actor, channel } = context;
    ensureOutranks(actor, user);
    const changed = await change(user);
    if (!changed) return user;
    if (options.guardsManager) await ensureManagerRemains(deps.users, user);
    const after = (await deps.users.findById(user.id)) ?? user;
    ensureGrantedWithin(actor, after);
    for (const row of Array.isArray(changed) ? changed : [changed]) {
      await deps.log.record({
        id: deps.ids.next(),
        userId: user.id,
        action: row.action ?? action,
        before: row.before,
        after: row.after,
        reason: row.reason,
        permission: row.permission ?? null,
        actorId: actor?.id ?? null,
        actorDiscordId: actor?.discordId ?? null,
        actorName: actor ? displayName(actor) : UNNAMED_TERMINAL_ACTOR,
        channel,
        createdAt: deps.clock.now(),
      });
    }
    return after;
  });
}

const actorOf = (context: ActionContext) => ({
  id: context.actor?.id ?? null,
  name: context.actor ? displayName(context.actor) : UNNAMED_TERMINAL_ACTOR,
});

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
        return result.duplicate ? null : { before: String(user.tokens), after: String(result.balance), reason };
      },
    );
    if (!result) throw new Error('The token change gave no result.');
    return { user, result };
  }
}

/** Bans an account from signing in and buying; an admin cannot ban their own account. */
export class BanPlayer {
  constructor(private readonly deps: AccountActionDeps) {}

  execute(input: { userId: string; reason: string }, context: ActionContext): Promise<User> {
    const reason = reasonOf(input.reason, BAN_REASON_MAX);
    if (context.actor && context.actor.id === input.userId)
      throw new ConflictError('SELF_BAN', 'You cannot ban your own account.');
    return act(
      this.deps,
      context,
      input.userId,
      'ban',
      'ban',
      async (user) => {
        if (user.bannedAt) throw new ConflictError('ALREADY_BANNED', 'This player is already banned.');
        await this.deps.appeals.banChanged({
          userId: user.id,
          change: 'replaced',
          current: { at: this.deps.clock.now(), reason },
          by: actorOf(context),
        });
        await this.deps.ban.execute({ userId: user.id, reason });
        return { before: 'not banned', after: 'banned', reason };
      },
      { guardsManager: true },
    );
  }
}

/** Lifts a ban, with a reason recorded in the log. */
export class UnbanPlayer {
  constructor(private readonly deps: AccountActionDeps) {}

  execute(input: { userId: string; reason: string }, context: ActionContext): Promise<User> {
    const reason = reasonOf(input.reason, BAN_REASON_MAX);
    return act(this.deps, context, input.userId, 'unban', 'ban', async (user) => {
      if (!user.bannedAt) throw new ConflictError('NOT_BANNED', 'This player is not banned.');
      await this.deps.appeals.banChanged({ userId: user.id, change: 'lifted', by: actorOf(context) });
      await this.deps.unban.execute({ userId: user.id });
      return { before: 'banned', after: 'not banned', reason };
    });
  }
}

/** Sets the role; an admin cannot take away their own admin role (another admin can). */
export class ChangePlayerRole {
  constructor(private readonly deps: AccountActionDeps) {}

  execute(input: { userId: string; role: Role; reason?: string | null }, context: ActionContext): Promise<User> {
    if (!(ROLES as readonly string[]).includes(input.role))
      throw new InvalidInputError('INVALID_ROLE', `Choose a role: ${ROLES.join(', ')}.`);
    const reason = input.reason?.trim() ? reasonOf(input.reason, BAN_REASON_MAX) : null;
    if (context.actor && context.actor.id === input.userId && input.role !== 'admin')
      throw new ConflictError('SELF_DEMOTION', 'You cannot remove your own admin role.');
    return act(
      this.deps,
      context,
      input.userId,
      'change_role',
      'manage-roles',
      async (user) => {
        if (user.role === input.role)
          throw new ConflictError('SAME_ROLE', `This player already has the ${input.role} role.`);
        await this.deps.changeRole.execute({ userId: user.id, role: input.role });
        return { before: user.role, after: input.role, reason };
      },
      { guardsManager: true },
    );
  }
}

/**
 * Grants and revokes single permissions on top of the role's preset, one log row per permission that changed;
 * nothing changes when the last holder of 'manage-roles' would lose it.
 */
export class ChangePlayerPermissions {
  constructor(private readonly deps: AccountActionDeps) {}

  async execute(
    input: { userId: string; grant?: readonly unknown[]; revoke?: readonly unknown[]; reason?: string | null },
    context: ActionContext,
  ): Promise<{ user: User; changes: PermissionChange[] }> {
    const { grant, revoke } = checkPermissionChanges(input);
    const reason = input.reason?.trim() ? reasonOf(input.reason, BAN_REASON_MAX) : null;
    let changes: PermissionChange[] = [];
    const user = await act(
      this.deps,
      context,
      input.userId,
      revoke.length > 0 ? 'revoke_permission' : 'grant_permission',
      'manage-roles',
      async (user) => {
        ({ changes } = await this.deps.changePermissions.execute({ userId: user.id, grant, revoke }));
        if (changes.length === 0) return null;
        return changes.map((change) => ({
          action: change.held ? ('grant_permission' as const) : ('revoke_permission' as const),
          before: change.held ? 'not held' : 'held',
          after: change.held ? 'held' : 'not held',
          reason,
          permission: change.permission,
        }));
      },
      { guardsManager: true },
    );
    return { user, changes };
  }
}
