import type { ApplicationKindName } from '../applications/model/application.ts';
import type { PrivacyRequest, PrivacyRequestStatus } from './model/privacy-request.ts';

/** The requests players made about their data, with their deadlines. Writes join the caller's transaction. */
export interface PrivacyRequestRepository {
  add(request: PrivacyRequest): Promise<void>;
  /** the account's erasure not completed yet, if there is one */
  openErasureOf(userId: string): Promise<PrivacyRequest | null>;
  /** answers the request as it now stands, or null when there is none */
  update(
    id: string,
    changes: Partial<Pick<PrivacyRequest, 'status' | 'completedAt' | 'heldBy'>>,
  ): Promise<PrivacyRequest | null>;
  /** `open`: those not completed, the earliest deadline first; otherwise every request, newest first; at most `limit` */
  list(query: { open: boolean; limit: number }): Promise<PrivacyRequest[]>;
  /** one account's requests, newest first */
  ofUser(userId: string): Promise<PrivacyRequest[]>;
  withStatus(status: PrivacyRequestStatus): Promise<PrivacyRequest[]>;
}

/** What one erasure does, as the use case decided it. */
export interface ErasurePlan {
  requestId: string;
  userId: string;
  /** the account's Discord id now, searched for wherever a row may hold it */
  discordId: string;
  /** what the account holds instead (see opaqueDiscordId) */
  opaqueDiscordId: string;
  /** per kind, the answers the applicant wrote in their own words: each replaced whole */
  freeTextAnswers: Record<ApplicationKindName, readonly string[]>;
  now: Date;
}

/** the rows an erasure changed or removed, by table */
export type ErasureReport = Record<string, number>;

/**
 * The erasure of one account across the store: every personal field of its rows, and its name, address and Discord id
 * wherever its rows quote them. Runs inside the caller's transaction.
 */
export interface AccountEraser {
  erase(plan: ErasurePlan): Promise<ErasureReport>;
  /**
   * The erased account's Discord id, left on its role removals until they are sent, replaced by its opaque id once
   * none is pending or being sent: true when none holds it any more, false while one still waits.
   */
  releaseDiscordId(userId: string): Promise<boolean>;
}
