import type { MembershipDeps } from '../model/deps.ts';
import type { Membership } from '../model/membership.ts';
import type { MembershipView } from '../model/membership-views.ts';

export interface ListMembershipsDeps extends Pick<MembershipDeps, 'memberships' | 'views'> {}

/** The admin's and the CLI's list of memberships, by status. */
export class ListMemberships {
  constructor(private readonly deps: ListMembershipsDeps) {}

  async execute(query: { status?: Membership['status']; limit?: number }): Promise<MembershipView[]> {
    const { memberships, views } = this.deps;
    return Promise.all((await memberships.list(query)).map((membership) => views.priced(membership)));
  }
}
