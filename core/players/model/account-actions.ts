import type { AccountActionKind, AccountActionLog, Actor } from '../../audit/model/account-action.ts';
import type { ReviewChannel } from '../../audit/model/reviewer.ts';
import { ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import type { CreditTokens } from '../../tokens/use-cases/credit-tokens.ts';
import type { DebitTokens } from '../../tokens/use-cases/debit-tokens.ts';
import { ensureManagerRemains } from '../../users/model/permission-changes.ts';
import type { ChangePermissions } from '../../users/use-cases/change-permissions.ts';
import type { ChangeRole } from '../../users/use-cases/change-role.ts';
import { hasPermission, PERMISSION_LABELS, type Permission } from '../../users/model/permissions.ts';
import { ensureGrantedWithin, ensureOutranks } from '../../users/model/ranks.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import type { UserRepository } from '../../users/ports.ts';
import { displayName, type User } from '../../users/model/user.ts';

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
  changeRole: ChangeRole;
  changePermissions: ChangePermissions;
  /** closes the pending appeals of a website ban that is lifted or replaced */
  appeals: AppealClosing;
  /** told of a ban made or lifted, in the action's transaction (the webhooks' events) */
  bans?: BanEvents;
}

/** A website ban made or lifted, as the account-action log records it. */
export interface BanEvent {
  userId: string;
  discordId: string | null;
  reason: string;
  /** when, in ISO 8601 */
  at: string;
  /** who: the admin's name, or the terminal's */
  actor: string;
}

export interface BanEvents {
  banned(event: BanEvent): Promise<void>;
  unbanned(event: BanEvent): Promise<void>;
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

export function reasonOf(value: unknown, max: number): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason) throw new InvalidInputError('REASON_REQUIRED', 'Give a reason.');
  if (reason.length > max) throw new InvalidInputError('REASON_TOO_LONG', `The reason is at most ${max} characters.`);
  return reason;
}

/** What one action writes to the log. */
export type Change = {
  before: string;
  after: string;
  reason: string | null;
  permission?: Permission | null;
  /** this row's kind, when it is not the action's */
  action?: AccountActionKind;
};

/**
 * What a change did: its rows of the log, and the account as the change's write answered it (without it, the account
 * is read again). A change that answers null changed nothing (a token reference used before), and writes no row.
 */
export interface Changed {
  log: Change | Change[];
  after?: User;
}

/**
 * Runs one admin action on an account: checks the actor holds `permission`, then, in one transaction, reads the
 * account, refuses it when it holds a permission the actor lacks (the rank rule, `ensureOutranks`), makes the change,
 * refuses a change that leaves it holding more than the actor (`ensureGrantedWithin`), and writes its rows of the
 * account-action log (a failure leaves nothing). A change that may take away the permission manager's permission
 * (`guardsManager`) takes the access lock first and is refused when it would leave nobody holding it.
 */
export async function act(
  deps: AccountActionDeps,
  context: ActionContext,
  userId: string,
  action: AccountActionKind,
  permission: Permission,
  change: (user: User) => Promise<Changed | null>,
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
    const after = changed.after ?? (await deps.users.findById(user.id)) ?? user;
    ensureGrantedWithin(actor, after);
    for (const row of Array.isArray(changed.log) ? changed.log : [changed.log]) {
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

export const actorOf = (context: ActionContext) => ({
  id: context.actor?.id ?? null,
  name: context.actor ? displayName(context.actor) : UNNAMED_TERMINAL_ACTOR,
});
