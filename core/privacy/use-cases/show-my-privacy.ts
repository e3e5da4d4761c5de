import type { PrivacyDeps } from '../model/deps.ts';
import { holdsStaffAccess } from '../model/erasure.ts';
import type { ErasureHold } from '../model/erasure-holds.ts';
import { holdsNow } from '../model/holds-now.ts';
import type { PrivacyRequest } from '../model/privacy-request.ts';

export interface MyPrivacy {
  /** the player's requests, newest first */
  requests: PrivacyRequest[];
  /** what deleting the account now would do first, and what would make it wait */
  erasure: {
    /** the live Priority Pass that is ended first */
    membership: { id: string; tierName: string; status: 'active' | 'past_due' } | null;
    holds: ErasureHold[];
    /** staff and admins hand their permissions back first: the site refuses the deletion */
    refused: boolean;
  };
}

/** What the account page's "Your data" section shows: the requests, and the preview of a deletion. */
export class ShowMyPrivacy {
  constructor(private readonly deps: PrivacyDeps) {}

  async execute(userId: string): Promise<MyPrivacy> {
    const { deps } = this;
    const user = await deps.users.execute(userId);
    const live = await deps.memberships.live(user.id);
    return {
      requests: await deps.requests.ofUser(user.id),
      erasure: {
        membership:
          live && live.status !== 'ended'
            ? { id: live.id, tierName: deps.memberships.tierName(live.tierId), status: live.status }
            : null,
        holds: await holdsNow(deps, user.id, live),
        refused: holdsStaffAccess(user),
      },
    };
  }
}
