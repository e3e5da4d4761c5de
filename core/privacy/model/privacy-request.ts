/** A copy of a player's data (GDPR art. 15 and 20), or the erasure of their account (art. 17). */
export const PRIVACY_REQUEST_KINDS = ['export', 'erasure'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/**
 * pending: recorded, not carried out yet (something holds it, or it failed half-way and is tried again);
 * removing_roles: the account is erased, and the Discord roles it held are being removed (the member's Discord id
 * stays on those removals alone until they are sent); completed: nothing is left to do.
 */
export const PRIVACY_REQUEST_STATUSES = ['pending', 'removing_roles', 'completed'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** the statuses of a request still to be seen to */
export const OPEN_PRIVACY_STATUSES: readonly PrivacyRequestStatus[] = ['pending', 'removing_roles'];

/** Where it was asked: the player on the site, or an operator at the terminal on their behalf. */
export type PrivacyRequestChannel = 'web' | 'cli';

/** A request must be answered within a month of its receipt (art. 12(3)); the site counts 30 days. */
export const PRIVACY_DEADLINE_DAYS = 30;

export interface PrivacyRequest {
  id: string;
  /** the account it concerns (an erased account keeps its id) */
  userId: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  channel: PrivacyRequestChannel;
  createdAt: Date;
  /** PRIVACY_DEADLINE_DAYS after it was made */
  dueAt: Date;
  completedAt: Date | null;
  /** why it waits, in words, as last found (null when nothing held it) */
  heldBy: string | null;
}

export function newPrivacyRequest(input: {
  id: string;
  userId: string;
  kind: PrivacyRequestKind;
  channel: PrivacyRequestChannel;
  now: Date;
}): PrivacyRequest {
  const { now, ...rest } = input;
  return {
    ...rest,
    status: 'pending',
    createdAt: now,
    dueAt: new Date(now.getTime() + PRIVACY_DEADLINE_DAYS * 86_400_000),
    completedAt: null,
    heldBy: null,
  };
}

/** Whole days left before the deadline: 0 on its last day, negative once it has passed. */
export function daysLeft(request: Pick<PrivacyRequest, 'dueAt'>, now: Date): number {
  return Math.floor((request.dueAt.getTime() - now.getTime()) / 86_400_000);
}
