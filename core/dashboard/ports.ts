import type { ApplicationKindName } from '../applications/model/application.ts';

/** A span of time: from `from` (included) to `to` (excluded). */
export interface Period {
  from: Date;
  to: Date;
}

/** Money taken on one UTC day ("2026-11-27"). */
export interface DayTaken {
  day: string;
  /** completed purchases */
  count: number;
  cents: number;
}

/** Money taken for one product type. */
export interface ProductTypeTaken {
  productType: string;
  count: number;
  cents: number;
}

/** Money taken in one UTC month ("2026-11") for one Priority Pass tier's monthly charges. */
export interface TierMonthTaken {
  month: string;
  tierId: string;
  cents: number;
}

/** Memberships live at one of the instants asked about (by its index), per tier held then. */
export interface TierMembers {
  point: number;
  tierId: string;
  members: number;
}

/** Applications of every kind in one week (weeks start on Monday, UTC; `week` is that Monday, "2026-11-23"). */
export interface ApplicationWeek {
  week: string;
  /** applications sent that week */
  submitted: number;
  /** applications given a final decision that week */
  decided: number;
  /** the median time from sending to that decision, in seconds; null when none was decided */
  medianDecisionSeconds: number | null;
}

/** One reviewer's votes cast in a period (decision 0106). */
export interface ReviewerVotes {
  reviewerId: string;
  /** their name as of their latest vote */
  reviewerName: string;
  votes: number;
  /** the median time from an application's sending to their vote on it, in seconds */
  medianVoteSeconds: number | null;
  /** their approvals and denials on applications decided by a reviewer since (closed appeals aside) */
  judged: number;
  /** of those, the ones that went the way the application was decided */
  agreed: number;
}

/** One kind's applications decided by a reviewer in a period: how many, how long it took, how many within 48 hours. */
export interface KindDecisions {
  kind: ApplicationKindName;
  decided: number;
  /** the median time from sending to the decision, in seconds */
  medianDecisionSeconds: number | null;
  within48Hours: number;
}

/**
 * The dashboard's figures, each summed by the store itself. Money taken is counted as the purchase dashboard counts
 * revenue: completed purchases only (a refunded or disputed one gave its money back), each for what the provider
 * took, else its price (a discounted price is what was charged); dated by when it completed. Days, weeks and months
 * are UTC. Groups without any row are left out.
 */
export interface DashboardFigures {
  /** per day, purchases completed in the period */
  takenByDay(period: Period): Promise<DayTaken[]>;
  /** per product type, purchases completed in the period */
  takenByProductType(period: Period): Promise<ProductTypeTaken[]>;
  /** per month and tier, the Priority Pass's monthly charges (first months, renewals, upgrades) completed in the period */
  membershipTakenByMonth(period: Period): Promise<TierMonthTaken[]>;
  /**
   * per instant (by its index in `points`) and tier, the memberships live then: started at or before it and not
   * ended by then; each counted under the tier it held at that instant (its history's last start or tier change)
   */
  membersByTier(points: readonly Date[]): Promise<TierMembers[]>;
  /** when the first membership started; null when there is none */
  firstMembershipStart(): Promise<Date | null>;
  /** per week, applications of every kind sent, and decided (a final status) with the median time it took */
  applicationsByWeek(period: Period): Promise<ApplicationWeek[]>;
  /** per reviewer, the votes cast in the period on applications of every kind */
  reviewerVotes(period: Period): Promise<ReviewerVotes[]>;
  /** per kind, applications approved or refused (the kind's refusal) by a reviewer in the period */
  decisionsByKind(period: Period): Promise<KindDecisions[]>;
}

/** A kind's final statuses (no move leaves them): its decisions. */
export function decisionsOf(kind: { statuses: readonly string[]; transitions: Record<string, readonly string[]> }) {
  return kind.statuses.filter((status) => kind.transitions[status]?.length === 0);
}
