import type { User } from '../../users/model/user.ts';
import { AccountErasedError, StaffAccountErasureError } from '../errors.ts';
import type { PrivacyDeps } from '../model/deps.ts';
import { holdsStaffAccess, isErasedDiscordId, opaqueDiscordId } from '../model/erasure.ts';
import type { ErasureHold } from '../model/erasure-holds.ts';
import { holdsNow } from '../model/holds-now.ts';
import { newPrivacyRequest, type PrivacyRequest, type PrivacyRequestChannel } from '../model/privacy-request.ts';
import { roleRemovals } from '../model/role-removals.ts';
import type { ErasureReport } from '../ports.ts';

export interface ErasureOutcome {
  request: PrivacyRequest;
  /** false: it is recorded and waits for the holds to clear */
  erased: boolean;
  holds: ErasureHold[];
  /** the Priority Pass that was ended first, by its tier's name */
  membershipEnded: string | null;
  /** the Discord role removals queued */
  rolesRemoved: number;
  rows: ErasureReport;
}

const GRANT_CANCEL_REASON = "The account was erased at the player's request.";

/**
 * Erases a player's account (GDPR art. 17), asked on the site or at the terminal: the request is recorded with its
 * deadline first. While money is still moving on one of their purchases, or their pass renews where the site cannot
 * cancel it, it waits (pending, with why). Otherwise a
 * live Priority Pass is ended first, then in one transaction the grants not run are cancelled, every personal field
 * is erased and the Discord roles are queued for removal; the request completes once those removals are sent.
 */
export class EraseAccount {
  constructor(private readonly deps: PrivacyDeps) {}

  async execute(input: { userId: string; channel: PrivacyRequestChannel }): Promise<ErasureOutcome> {
    const { deps } = this;
    const user = await deps.users.execute(input.userId);
    const open = await deps.requests.openErasureOf(user.id);
    if (!open && isErasedDiscordId(user.discordId)) throw new AccountErasedError();
    if (holdsStaffAccess(user)) throw new StaffAccountErasureError();
    const request = open ?? (await this.record(user.id, input.channel));
    const outcome = { membershipEnded: null, rolesRemoved: 0, rows: {} };
    if (request.status === 'removing_roles') return { ...outcome, request, erased: true, holds: [] };

    const live = await deps.memberships.live(user.id);
    const holds = await holdsNow(deps, user.id, live);
    if (holds.length > 0) {
      const heldBy = holds.map((hold) => hold.message).join(' ');
      const held = (await deps.requests.update(request.id, { heldBy })) ?? request;
      return { ...outcome, request: held, erased: false, holds };
    }
    // the pass ends first, through the memberships module: its provider stops billing and its role goes with it
    if (live) await deps.memberships.cancelNow(live.id);
    const erased = await deps.transactions.run(() => this.erase(user, request));
    return {
      ...erased,
      erased: true,
      holds: [],
      membershipEnded: live ? deps.memberships.tierName(live.tierId) : null,
    };
  }

  private async record(userId: string, channel: PrivacyRequestChannel): Promise<PrivacyRequest> {
    const request = newPrivacyRequest({
      id: this.deps.ids.next(),
      userId,
      kind: 'erasure',
      channel,
      now: this.deps.clock.now(),
    });
    await this.deps.requests.add(request);
    // two requests at once record one: the one that stands is read back
    return (await this.deps.requests.openErasureOf(userId)) ?? request;
  }

  private async erase(user: User, request: PrivacyRequest) {
    const { deps } = this;
    const now = deps.clock.now();
    for (const grant of await deps.grants.list({ userId: user.id, statuses: ['queued', 'held'], limit: 1000 }))
      await deps.grants.change({
        id: grant.id,
        from: ['queued', 'held'],
        to: 'cancelled',
        result: GRANT_CANCEL_REASON,
        event: { kind: 'cancelled', at: now, server: null, message: GRANT_CANCEL_REASON, actor: 'Privacy request' },
      });
    // the roles owed are read before the account's rows change
    const removals = await roleRemovals(deps.discord, {
      userId: user.id,
      discordId: user.discordId,
      requestId: request.id,
      now,
      newId: () => deps.ids.next(),
    });
    const rows = await deps.eraser.erase({
      requestId: request.id,
      userId: user.id,
      discordId: user.discordId,
      opaqueDiscordId: opaqueDiscordId(deps.ids.next()),
      freeTextAnswers: deps.freeTextAnswers,
      now,
    });
    if (removals.length > 0) {
      await deps.discord.outbox.add(removals);
      deps.discord.wake();
    }
    const released = await deps.eraser.releaseDiscordId(user.id);
    const changed = await deps.requests.update(request.id, {
      heldBy: null,
      ...(released ? { status: 'completed', completedAt: now } : { status: 'removing_roles' }),
    });
    return { request: changed ?? request, rolesRemoved: removals.length, rows };
  }
}
