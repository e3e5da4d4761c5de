import type { Membership } from './membership.ts';

/** What happened to a membership, as the player page's timeline shows it. */
export const MEMBERSHIP_EVENT_KINDS = [
  'started',
  'renewed',
  'past_due',
  'canceled',
  'resumed',
  'tier_changed',
  'downgrade_scheduled',
  'downgrade_dropped',
  'ended',
] as const;
export type MembershipEventKind = (typeof MEMBERSHIP_EVENT_KINDS)[number];

export interface MembershipEvent {
  id: string;
  membershipId: string;
  userId: string;
  kind: MembershipEventKind;
  /** the tier concerned (the new one of a change), and for an end its reason */
  tierId: string;
  detail: string | null;
  at: Date;
}

export type MembershipEventDraft = Omit<MembershipEvent, 'id'>;

export function startEvent(membership: Membership): MembershipEventDraft {
  return draft(membership, 'started', membership.tierId, null, membership.startedAt);
}

/** The events a stored change of a membership makes, in the order they happened. */
export function eventsOfChange(before: Membership, after: Membership, at: Date): MembershipEventDraft[] {
  const events: MembershipEventDraft[] = [];
  const add = (kind: MembershipEventKind, tierId: string, detail: string | null = null, when = at) =>
    events.push(draft(after, kind, tierId, detail, when));
  if (after.currentPeriodEnd.getTime() > before.currentPeriodEnd.getTime()) add('renewed', after.tierId);
  if (after.tierId !== before.tierId) add('tier_changed', after.tierId, before.tierId);
  if (after.pendingTierId && after.pendingTierId !== before.pendingTierId)
    add('downgrade_scheduled', after.pendingTierId);
  if (!after.pendingTierId && before.pendingTierId && after.tierId === before.tierId)
    add('downgrade_dropped', before.tierId);
  if (after.status === 'past_due' && before.status !== 'past_due')
    add('past_due', after.tierId, after.graceUntil ? after.graceUntil.toISOString() : null);
  if (after.status !== 'ended' && after.cancelAtPeriodEnd !== before.cancelAtPeriodEnd)
    add(after.cancelAtPeriodEnd ? 'canceled' : 'resumed', after.tierId);
  if (after.status === 'ended' && before.status !== 'ended')
    add('ended', after.tierId, after.endReason, after.endedAt ?? at);
  return events;
}

function draft(
  membership: Membership,
  kind: MembershipEventKind,
  tierId: string,
  detail: string | null,
  at: Date,
): MembershipEventDraft {
  return { membershipId: membership.id, userId: membership.userId, kind, tierId, detail, at };
}
