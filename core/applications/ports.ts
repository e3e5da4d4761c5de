import type { WhitelistApplication, WhitelistStatus } from './application.ts';

export interface ListQuery<S extends string> {
  status?: S;
  /** 1-based; ignored (1) when `before` is given */
  page: number;
  pageSize: number;
  /** keyset paging: only applications listed after this one (older, or as old with a smaller id) */
  before?: string;
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

export interface WhitelistApplicationRepository {
  /** Fails with OpenApplicationExistsError when the applicant already has a pending one. */
  add(application: WhitelistApplication): Promise<void>;
  findById(id: string): Promise<WhitelistApplication | null>;
  /** newest first */
  list(query: ListQuery<WhitelistStatus>): Promise<Page<WhitelistApplication, WhitelistStatus>>;
  /** the applicant's own, newest first */
  listByApplicant(userId: string): Promise<WhitelistApplication[]>;
  /** Whether any of the applicant's applications has been approved (read fresh, never from a cache). */
  hasApproved(userId: string): Promise<boolean>;
  /** Stores the review only if the status is still `expected`; answers false when someone else got there first. */
  saveReview(application: WhitelistApplication, expected: WhitelistStatus): Promise<boolean>;
}

/** Lets an approved applicant into the server. */
export interface WhitelistAccess {
  grant(userId: string): Promise<void>;
}
