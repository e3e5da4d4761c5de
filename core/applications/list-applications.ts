import type { WhitelistApplication, WhitelistStatus } from './application.ts';
import type { ListQuery, Page, WhitelistApplicationRepository } from './ports.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** Newest first, optionally one status, one page at a time, with the counts the review screens show. */
export class ListApplications {
  constructor(private readonly applications: WhitelistApplicationRepository) {}

  execute(query: Partial<ListQuery<WhitelistStatus>> = {}): Promise<Page<WhitelistApplication, WhitelistStatus>> {
    return this.applications.list(normalisePaging(query));
  }
}

export function normalisePaging<S extends string>(query: Partial<ListQuery<S>>): ListQuery<S> {
  const page = query.before ? 1 : Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE)));
  return { status: query.status, page, pageSize, ...(query.before ? { before: query.before } : {}) };
}
