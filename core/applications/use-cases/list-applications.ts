import type { ApplicationView } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import { summaryOfVotes, type KindQuorum, type VoteReader } from '../model/votes.ts';
import type { ApplicationRepository, ListQuery, Page, StaffRoster, VoteRepository } from '../ports.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface ApplicationPage<A, S extends string> extends Page<ApplicationView<A, S>, S> {
  /** every application counted by the kind's tally answer (the staff position), whatever the filter */
  positions?: Record<string, number>;
}

/**
 * Newest first, optionally one status, one page at a time, with the counts the review screens show, and each
 * application's votes counted as the reader may see them (split votes show on the list).
 */
export class ListApplications<A, S extends string> {
  constructor(
    private readonly applications: ApplicationRepository<A, S>,
    private readonly roster: StaffRoster,
    private readonly votes: VoteRepository,
    private readonly quorum: KindQuorum,
  ) {}

  /** `reader`: the reviewer reading the list; none for the operator, who reads every vote */
  async execute(query: Partial<ListQuery<S>> & { reader?: VoteReader | null } = {}): Promise<ApplicationPage<A, S>> {
    const kind = this.applications.kind;
    const page = await this.applications.list(normalisePaging(query));
    const [staffed, votes] = await Promise.all([
      withCurrentStaff(kind, this.roster, page.items),
      page.items.length > 0
        ? this.votes.listFor(
            kind.name,
            page.items.map((application) => application.id),
          )
        : [],
    ]);
    const items = staffed.map((application) => ({
      ...application,
      votes: summaryOfVotes(
        votes.filter((vote) => vote.applicationId === application.id),
        {
          quorum: this.quorum,
          reader: query.reader ?? null,
          decided: !kind.open.includes(application.status),
          withVotes: false,
        },
      ),
    }));
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
