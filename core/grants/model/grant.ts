import { z } from 'zod';

/** What caused a grant: a purchase (or a delivered gift), a paid renewal, a pass ending, a refund, a dispute. */
export const GRANT_ACTIONS = ['purchase', 'renewal', 'expiry', 'refund', 'dispute'] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

/** the actions that give something; the others take it back or end it */
export const GIVING_ACTIONS: readonly GrantAction[] = ['purchase', 'renewal'];

/**
 * queued: waiting for a game server to ask (for its player, when it needs them online); offered: out with a game
 * server until its lease runs out; held: a refund's or dispute's step waiting for the purchase's grants still out
 * to be reported (it runs if any of them ran, and is cancelled if none did); ran: the game server reported it ran;
 * failed: the game server reported it failed (staff are told); cancelled: will never run (refunded before it was
 * offered, or by staff); done_by_hand: staff gave it by hand.
 */
export const GRANT_STATUSES = ['queued', 'offered', 'held', 'ran', 'failed', 'cancelled', 'done_by_hand'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** the statuses that may still change by themselves */
export const OPEN_GRANT_STATUSES: readonly GrantStatus[] = ['queued', 'offered', 'held'];

/** How long a game server holds an offered grant before it may be offered again, unreported. */
export const GRANT_LEASE_SECONDS = 60;
/** The most grants one answer to a game server's poll holds; it says when more are waiting. */
export const GRANTS_PER_POLL = 500;

/** A console command, or an event for another resource with the grant's payload. */
export type GrantKind = 'command' | 'event';

/** One thing the game server does for one purchase's item: a step of its product's grants, with a stable id. */
export interface Grant {
  id: string;
  purchaseId: string | null;
  membershipId: string | null;
  /** whom it is for: the buyer, or a gift's recipient */
  userId: string | null;
  discordId: string;
  productId: string;
  optionId: string | null;
  action: GrantAction;
  kind: GrantKind;
  /** the console command as written from its template (kind command) */
  command: string | null;
  /** the event's name (kind event) */
  event: string | null;
  /** whether the player must be on the server when it runs */
  needsOnline: boolean;
  status: GrantStatus;
  /** the grant this one sends again, for a resend */
  resendOf: string | null;
  /** the same cause never writes two grants */
  dedupeKey: string;
  /** how many times it was offered */
  offers: number;
  leaseUntil: Date | null;
  /** the game server it was last offered to, or that ran it */
  server: string | null;
  ranAt: Date | null;
  /** what the game server reported, or why it failed, or the note of staff who did it by hand */
  result: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the event's handler receives. */
export interface GrantPayload {
  grantId: string;
  purchaseId: string | null;
  product: string;
  option: string | null;
  discordId: string;
  quantity: number;
  action: GrantAction;
}

export const payloadOf = (grant: Grant): GrantPayload => ({
  grantId: grant.id,
  purchaseId: grant.purchaseId,
  product: grant.productId,
  option: grant.optionId,
  discordId: grant.discordId,
  quantity: 1,
  action: grant.action,
});

export const GRANT_EVENT_KINDS = [
  'queued',
  'offered',
  'ran',
  'failed',
  'cancelled',
  'released',
  'reversed',
  'resent',
  'done_by_hand',
] as const;
export type GrantEventKind = (typeof GRANT_EVENT_KINDS)[number];

/** What staff write of a grant they gave by hand: the one rule the CLI, the API and the form read. */
export const GRANT_NOTE_RULE = 'Say what was done by hand, in 3 to 500 characters.';
export const grantNoteSchema = z.string().trim().min(3, GRANT_NOTE_RULE).max(500, GRANT_NOTE_RULE);

/** One line of a grant's timeline. */
export interface GrantEvent {
  grantId: string;
  kind: GrantEventKind;
  at: Date;
  /** the game server it concerns */
  server: string | null;
  /** its result, a reason, a note */
  message: string | null;
  /** the staff member who did it, by name */
  actor: string | null;
}

/** A grant with its timeline, oldest first. */
export interface GrantWithTimeline extends Grant {
  timeline: GrantEvent[];
}
