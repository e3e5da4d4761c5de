import type { AccountActionLog } from '../../audit/model/account-action.ts';
import type { ReviewChannel, Reviewer } from '../../audit/model/reviewer.ts';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { hasPermission, PERMISSION_LABELS } from '../../users/model/permissions.ts';
import { displayName } from '../../users/model/user.ts';
import type { UserRepository } from '../../users/ports.ts';
import { isFresh, QUEUE_ACTIONS, type QueueAction, type QueueActionKind } from '../model/queue.ts';
import type { QueueActions, QueueBoard } from '../ports.ts';

const REASON_MAX = 200;

/** Refused unless the actor manages the queue. */
export function checkManagesQueue(actor: Reviewer): void {
  if (!hasPermission(actor, 'manage-queue'))
    throw new ForbiddenError(
      'PERMISSION_REQUIRED',
      `The queue needs the "${PERMISSION_LABELS['manage-queue']}" permission.`,
    );
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 3)}...` : text);

/**
 * Moves a waiting player to the front of their game server's queue, or removes them with a reason the player is shown
 * (decision 0110). The action waits for the resource's next report, which applies it; it goes in the account-action
 * log (the audit chain) in the same transaction.
 */
export class ActOnQueue {
  constructor(
    private readonly deps: {
      board: QueueBoard;
      actions: QueueActions;
      users: UserRepository;
      audit: { log: AccountActionLog; transactions: TransactionRunner; ids: IdGenerator; clock: Clock };
    },
  ) {}

  async execute(input: {
    server: string;
    discordId: string;
    action: QueueActionKind;
    reason?: string | null;
    actor: Reviewer;
    channel: ReviewChannel;
  }): Promise<QueueAction> {
    checkManagesQueue(input.actor);
    const { board, actions, users, audit } = this.deps;
    if (!QUEUE_ACTIONS.includes(input.action))
      throw new InvalidInputError('INVALID_QUEUE_ACTION', 'A queue action is front or remove.');
    const reason = String(input.reason ?? '').trim() || null;
    if (input.action === 'remove' && !reason)
      throw new InvalidInputError('REASON_REQUIRED', 'Give the reason the player is shown.', [
        { path: 'reason', message: 'Required' },
      ]);
    if (reason && reason.length > REASON_MAX)
      throw new InvalidInputError('REASON_TOO_LONG', `The reason is at most ${REASON_MAX} characters.`, [
        { path: 'reason', message: `At most ${REASON_MAX} characters` },
      ]);
    const now = audit.clock.now();
    const state = (await board.all()).find((each) => each.server === input.server && isFresh(each, now));
    const index = state?.waiting.findIndex((player) => player.discordId === input.discordId) ?? -1;
    if (!state || index < 0)
      throw new NotFoundError('NOT_WAITING', `That player is not waiting on ${cut(input.server, 64)} any more.`);
    const user = await users.findByDiscordId(input.discordId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'That player has no account on the site.');
    const action: QueueAction = {
      id: audit.ids.next(),
      server: state.server,
      discordId: input.discordId,
      userId: user.id,
      action: input.action,
      reason,
      actorId: input.actor.id,
      actorName: displayName(input.actor),
      createdAt: now,
    };
    await audit.transactions.run(async () => {
      await actions.add(action);
      await audit.log.record({
        id: audit.ids.next(),
        userId: user.id,
        action: input.action === 'front' ? 'queue_front' : 'queue_remove',
        before: cut(`place ${index + 1} of ${state.waiting.length} on ${state.server}`, 64),
        after: input.action === 'front' ? 'first in the queue' : 'removed from the queue',
        reason,
        permission: null,
        actorId: input.actor.id,
        actorDiscordId: input.actor.discordId,
        actorName: displayName(input.actor),
        channel: input.channel,
        createdAt: now,
      });
    });
    return action;
  }
}
