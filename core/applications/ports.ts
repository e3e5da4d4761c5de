import type { Application, ApplicationKind, ApplicationKindName, BanRecord, LiftableBan } from './model/application.ts';
import type { AuditEntry } from './model/audit-entry.ts';
import type { AnswerTemplate } from './model/answer-template.ts';
import type { Vote } from './model/votes.ts';
import type { Reviewer, ReviewChannel } from '../audit/model/reviewer.ts';
import type { Permission } from '../users/model/permissions.ts';

export interface ListQuery<S extends string> {
  status?: S;
  /** 1-based; ignored (1) when `before` is given */
  page: number;
  pageSize: number;
  /** keyset paging: only applications listed after this one (older, or as old with a smaller id) */
  before?: string;
  /**
   * Only what a review list shows (the kind's `summary`): identity, status, date and the summary answers, the
   * preview answer cut just past its length; every other answer is null.
   */
  summary?: boolean;
}

export interface Page<T, S extends string> {
  items: T[];
  /** how many match the filter */
  total: number;
  page: number;
  pageSize: number;
  /** every application counted by status, whatever the filter */
  counts: Record<S, number>;
  /** the `before` of the next page, or null on the last */
  nextBefore: string | null;
}

/** The applications of one kind; built for that kind, it knows its statuses and which of them are open. */
export interface ApplicationRepository<A = Record<string, unknown>, S extends string = string> {
  readonly kind: ApplicationKind;
  /** Fails with OpenApplicationExistsError when the applicant already holds an open one of the kind. */
  add(application: Application<A, S>): Promise<void>;
  findById(id: string): Promise<Application<A, S> | null>;
  /** newest first */
  list(query: ListQuery<S>): Promise<Page<Application<A, S>, S>>;
  /** the applicant's own, newest first */
  listByApplicant(userId: string): Promise<Application<A, S>[]>;
  /** Whether any of the applicant's applications holds this status (read fresh, never from a cache). */
  hasStatus(userId: string, status: S): Promise<boolean>;
  /** every application counted by the kind's tally answer (empty without one) */
  tally(): Promise<Record<string, number>>;
  /**
   * Reads the application and holds it for the caller's transaction: another transaction deciding or voting on it
   * waits here until this one ends, so votes on one application are counted one after another.
   */
  findForDecision(id: string): Promise<Application<A, S> | null>;
  /** Stores the review only if the status is still `expected`; answers false when someone else got there first. */
  saveReview(application: Application<A, S>, expected: S): Promise<boolean>;
}

/** The reviewers' votes on applications of every kind (decision 0106). */
export interface VoteRepository {
  /** Fails with AlreadyVotedError when the reviewer has already voted on the application. */
  add(vote: Vote, kind: Pick<ApplicationKind, 'codePrefix' | 'label'>): Promise<void>;
  /** the votes on these applications of the kind, each application's oldest first */
  listFor(kind: ApplicationKindName, applicationIds: readonly string[]): Promise<Vote[]>;
}

/** The messages staff keep for the decision dialog, per kind and decision (decision 0106). */
export interface AnswerTemplateRepository {
  /** by kind, decision and name; only the kind's when one is named */
  list(kind?: ApplicationKindName): Promise<AnswerTemplate[]>;
  findById(id: string): Promise<AnswerTemplate | null>;
  /** Fails with AnswerTemplateNameTakenError when the kind and decision already hold the name (letter case aside). */
  add(template: AnswerTemplate): Promise<void>;
  /** Fails as `add` does; answers false when the template is gone. */
  update(template: AnswerTemplate): Promise<boolean>;
  /** answers false when the template is gone */
  remove(id: string): Promise<boolean>;
}

/**
 * What may hold an approval back besides the review itself: an interview the kind asks for and that has not taken
 * place. Answers why the application cannot be approved yet, or null. A refusal is never held back. Once decided, the
 * application's interviews still to come end (`decided`, inside the decision's transaction).
 */
export interface InterviewGate {
  blocksDecision(kind: ApplicationKindName, applicationId: string): Promise<string | null>;
  decided?(kind: ApplicationKindName, applicationId: string, reviewerName: string): Promise<void>;
}

/** Lets an approved applicant into the server. */
export interface WhitelistAccess {
  grant(userId: string): Promise<void>;
}

/**
 * The bans an appeal is filed against, and lifts when approved: the account's (the account-action unban, logged) or
 * the store's (the appeal's approval, audited, is its record).
 */
export interface BanLifter {
  /** the ban the applicant has now, read fresh; null when none */
  current(input: { ban: LiftableBan; userId: string }): Promise<BanRecord | null>;
  /** a ban that is not there is left as is */
  lift(input: {
    ban: LiftableBan;
    userId: string;
    reviewer: Reviewer;
    channel: ReviewChannel;
    applicationId: string;
  }): Promise<void>;
}

/** Which applicants already hold the staff or admin role. */
export interface StaffRoster {
  staffUserIds(userIds: string[]): Promise<Set<string>>;
}

/** Who may vote on a kind: how many users, none of them banned, hold its deciding permission. */
export interface Voters {
  holding(permission: Permission): Promise<number>;
}

export interface AuditQuery {
  kind?: ApplicationKindName;
  applicationId?: string;
}

/** Append-only: rows are written with the decision they record and never changed. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** oldest first, so a history reads in order */
  list(query?: AuditQuery): Promise<AuditEntry[]>;
}
