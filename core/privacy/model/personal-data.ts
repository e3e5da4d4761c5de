import type { Application, ApplicationKind } from '../../applications/model/application.ts';
import type { GrantWithTimeline } from '../../grants/model/grant.ts';
import type { ApplicationInterviews } from '../../interviews/model/interview-views.ts';
import type { MembershipEvent } from '../../memberships/model/membership-events.ts';
import type { Membership } from '../../memberships/model/membership.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { TokenLedgerEntry } from '../../tokens/model/ledger-entry.ts';
import type { User } from '../../users/model/user.ts';
import type { Admission } from '../../queue/model/queue.ts';
import type { PrivacyRequest } from './privacy-request.ts';

/** Everything the site holds about one player, as the modules store it: a presenter writes the download from it. */
export interface PersonalData {
  exportedAt: Date;
  user: User;
  /** those they bought, and the gifts delivered to them; newest first */
  purchases: Purchase[];
  /** the token ledger's entries as the ledger gives them, newest first */
  ledger: TokenLedgerEntry[];
  /** each kind (whitelist, staff, appeal) with the player's own applications of it, newest first */
  applications: Array<{ kind: ApplicationKind; items: Application<object>[] }>;
  memberships: Membership[];
  membershipEvents: MembershipEvent[];
  /** their interviews and the times offered to them, per application, as their account page shows them */
  interviews: ApplicationInterviews[];
  /** what the game server ran or is to run for them, each with its timeline */
  grants: GrantWithTimeline[];
  /** the times the game server let them in from its queue, with how long they waited; the latest first */
  queueAdmissions: Admission[];
  /** their requests about their data, this one included */
  requests: PrivacyRequest[];
}
