import type { Grant, GrantEvent, GrantStatus, GrantWithTimeline } from './model/grant.ts';

/** What a game server is offered: the grants due for the players it has online, and those that need nobody. */
export interface GrantClaim {
  server: string;
  /** the Discord ids of the players on that server now */
  online: readonly string[];
  now: Date;
  leaseUntil: Date;
  limit: number;
}

/** A game server's report of the grants it ran or could not. */
export interface GrantSettlement {
  server: string;
  now: Date;
  outcomes: readonly { id: string; ok: boolean; message: string | null }[];
}

/** What a grant's staff change wants: a status it moves from, the status it moves to, and its line. */
export interface GrantChange {
  id: string;
  from: readonly GrantStatus[];
  to: GrantStatus;
  result?: string | null;
  event: Omit<GrantEvent, 'grantId'>;
}

/** The queue of grants on the database. Writes join the caller's transaction. */
export interface GrantQueue {
  /** each with its `queued` line; a grant whose dedupeKey exists already is skipped */
  add(grants: readonly Grant[], events: readonly GrantEvent[]): Promise<void>;
  /**
   * Claims up to `limit` grants (queued, or offered with a lapsed lease) for the server's players online and those
   * that need nobody online, oldest first, skipping any another claim holds: each becomes offered to that server
   * until `leaseUntil`, with its `offered` line. Answers them, and whether more were due.
   */
  claim(claim: GrantClaim): Promise<{ grants: Grant[]; more: boolean }>;
  /** the grants with these ids, locked for the caller's transaction; unknown ids are left out */
  lock(ids: readonly string[]): Promise<Grant[]>;
  /** each grant still out (offered) becomes ran or failed, with its line; answers those that moved */
  settle(settlement: GrantSettlement): Promise<Grant[]>;
  /**
   * The purchase's held steps (a refund's, a dispute's) once none of its giving grants is out any more: queued when
   * one of them ran (or was done by hand), cancelled when none did. Answers the grants that moved.
   */
  releaseHeld(purchaseId: string, now: Date): Promise<Grant[]>;
  /** a purchase's grants that give (purchase, renewal), for a refund to cancel or reverse */
  givingGrantsOf(purchaseId: string): Promise<Grant[]>;
  /** moves one grant when it is in one of `from`; answers it moved, or null */
  change(change: GrantChange): Promise<Grant | null>;
  findById(id: string): Promise<GrantWithTimeline | null>;
  /** newest first, each with its timeline */
  list(query: { statuses?: readonly GrantStatus[]; userId?: string; limit: number }): Promise<GrantWithTimeline[]>;
  /** the grants of these purchases, each with its timeline, oldest first */
  forPurchases(purchaseIds: readonly string[]): Promise<GrantWithTimeline[]>;
}

/** Whom a grant is for: a member's Discord id. */
export interface GrantHolders {
  discordIdOf(userId: string): Promise<string | null>;
}

/** The staff channel, told of a grant that failed. */
export interface GrantAlerts {
  grantFailed(grant: Grant, message: string): Promise<void>;
}
