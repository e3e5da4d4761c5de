import type { Application, ApplicationKind, ApplicationKindName } from '../../applications/model/application.ts';
import type { RoleMapping } from '../../delivery/model/role-mapping.ts';
import type { DeliveryOutbox, Entitlements } from '../../delivery/ports.ts';
import type { GrantQueue } from '../../grants/ports.ts';
import type { Membership } from '../../memberships/model/membership.ts';
import type { MembershipRepository } from '../../memberships/ports.ts';
import type { PurchaseRepository } from '../../purchases/ports.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import type { ApplicationInterviews } from '../../interviews/model/interview-views.ts';
import type { QueueAdmissions } from '../../queue/ports.ts';
import type { TokenLedger } from '../../tokens/ports.ts';
import type { User } from '../../users/model/user.ts';
import type { AccountEraser, PrivacyRequestRepository } from '../ports.ts';

/** A player's Priority Pass as an erasure meets it: the live one, ended through the memberships module's own cancel. */
export interface PrivacyMemberships {
  live(userId: string): Promise<Membership | null>;
  /** ends it now, at the provider too (the admin's cancel, at once) */
  cancelNow(membershipId: string): Promise<void>;
  /** the tier's name as the store shows it */
  tierName(tierId: string): string;
  /** whether the site can stop the provider's billing itself (not Tebex: the player cancels there) */
  cancelsAtProvider: boolean;
}

/** Discord's outbox, as a refund removes a role: the roles a member is owed, each removal an outbox row. */
export interface DiscordRoleRemovals {
  outbox: Pick<DeliveryOutbox, 'add'>;
  entitlements: Pick<Entitlements, 'of'>;
  roles: Pick<RoleMapping, 'expectedRoles'>;
  /** whether the bot can remove roles (without it nothing is written: the site gave no role by itself) */
  bot: boolean;
  /** told when removals are waiting (the worker wakes up) */
  wake(): void;
}

/** What the privacy use cases read and change, from the modules that hold it. */
export interface PrivacyDeps {
  requests: PrivacyRequestRepository;
  eraser: AccountEraser;
  /** the accounts module's own read of one account (not found: UserNotFoundError) */
  users: { execute(userId: string): Promise<User> };
  purchases: Pick<PurchaseRepository, 'listByBuyer'>;
  /** the interviews module's view of one applicant's interviews (what their account page shows) */
  interviews: { execute(input: { userId: string }): Promise<ApplicationInterviews[]> };
  /** the times the game server let them in from its queue */
  queueAdmissions: Pick<QueueAdmissions, 'ofPlayer'>;
  /** the token ledger: every entry as it gives them, newest first */
  ledger: Pick<TokenLedger, 'history'>;
  /** each kind's applications (whitelist, staff, appeal): the applicant's own */
  applications: readonly { kind: ApplicationKind; listByApplicant(userId: string): Promise<Application<object>[]> }[];
  memberships: PrivacyMemberships & { repository: Pick<MembershipRepository, 'eventsOf' | 'findById' | 'latestOf'> };
  grants: Pick<GrantQueue, 'list' | 'change'>;
  discord: DiscordRoleRemovals;
  /** per kind, the answers written in the applicant's own words */
  freeTextAnswers: Record<ApplicationKindName, readonly string[]>;
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}
