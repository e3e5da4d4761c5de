import type { Purchase } from '../../purchases/model/purchase.ts';
import { MembershipNotFoundError } from '../errors.ts';
import type { MembershipDeps } from '../model/deps.ts';
import type { MembershipView } from '../model/membership-views.ts';

export interface ShowMembershipDeps extends Pick<MembershipDeps, 'memberships' | 'purchases' | 'views'> {}

/** One membership for the admin and the CLI, with its months' purchases. */
export class ShowMembership {
  constructor(private readonly deps: ShowMembershipDeps) {}

  async execute(id: string): Promise<{ view: MembershipView; purchases: Purchase[] }> {
    const { memberships, purchases, views } = this.deps;
    const membership = await memberships.findById(id);
    if (!membership) throw new MembershipNotFoundError(id);
    return { view: await views.priced(membership), purchases: await purchases.ofMembership(id) };
  }
}
