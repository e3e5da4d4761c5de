import type { ApplicationView } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import type { ApplicationRepository, ListQuery, Page, StaffRoster } from '../ports.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface ApplicationPage<A, S extends string> extends Page<ApplicationView<A, S>, S> {
  /** every application counted by the kind's tally answer (the staff position), whatever the filter */
  positions?: Record<string, number>;
}

/** Newest first, optionally one status, one page at a time, with the counts the review screens show. */
export class ListApplications<A, S extends string> {
  constructor(
    private readonly applications: ApplicationRepository<A, S>,
    private readonly roster: StaffRoster,
  ) {}

  async execute(query: Partial<ListQuery<S>> = {}): Promise<ApplicationPage<A, S>> {
    const kind = this.applications.kind;
    const page = await this.applications.list(normalisePaging(query));
    const items = await withCurrentStaff(kind, this.roster, page.items);
    return kind.tally ? { ...page, items, positions: await this.applications.tally() } : { ...page, items };
  }
}

function normalisePaging<S extends string>(query: Partial<ListQuery<S>>): ListQuery<S> {
  const page = query.before ? 1 : Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE)));
  return {
    status: query.status,
    page,
    pageSize,
    ...(query.before ? { before: query.before } : {}),
    ...(query.summary ? { summary: true } : {}),
  };
}
