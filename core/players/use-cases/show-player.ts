import type { ApplicationKindName, ApplicationRecord } from '../../applications/model/application.ts';
import { buyerView } from '../../purchases/model/buyer-view.ts';
import type { PurchaseRepository } from '../../purchases/ports.ts';
import type { Clock } from '../../shared/ports.ts';
import type { TokenLedger } from '../../tokens/ports.ts';
import type { User } from '../../users/model/user.ts';
import type { PlayerAccessView } from '../../game/model/player-access.ts';
import type { MembershipView } from '../../memberships/model/membership-views.ts';
import type { MembershipEvent } from '../../memberships/model/membership-events.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { PlayerPorts } from '../ports.ts';
import { newestFirst, TIMELINE_PER_SOURCE, type PlayerPage, type TimelineEntry } from '../model/timeline.ts';

/** What the player page reads of the game server's access rule and of the player's Priority Pass. */
export interface PlayerMembershipSources {
  access(user: User): Promise<PlayerAccessView>;
  membership(userId: string): Promise<MembershipView | null>;
  membershipEvents(userId: string, limit: number): Promise<MembershipEvent[]>;
  tierName(tierId: string): string;
}

export interface ShowPlayerDeps extends PlayerPorts, PlayerMembershipSources {
  users: UserRepository;
  tokenLedger: TokenLedger;
  purchases: PurchaseRepository;
  applications: Record<ApplicationKindName, { listByApplicant(userId: string): Promise<ApplicationRecord[]> }>;
  clock: Clock;
}

/** A player's profile and everything that happened to them, newest first (staff and admins read it). */
export class ShowPlayer {
  constructor(private readonly deps: ShowPlayerDeps) {}

  async execute(input: { userId: string }): Promise<PlayerPage> {
    const { deps } = this;
    const user = await deps.users.findById(input.userId);
    if (!user) throw new UserNotFoundError(`with id ${input.userId}`);
    const now = deps.clock.now();
    const limit = TIMELINE_PER_SOURCE;
    // one row more than shown tells whether a source was cut
    const [purchases, ledger, whitelist, staff, actions, deliveries, storeBan, access, membership, events] =
      await Promise.all([
        deps.purchases.listByBuyer(user.id, { limit: limit + 1 }),
        deps.tokenLedger.history(user.id, limit + 1),
        deps.applications.whitelist.listByApplicant(user.id),
        deps.applications.staff.listByApplicant(user.id),
        deps.actions.forUser(user.id, limit + 1),
        deps.deliveries.forUser(user.id, limit + 1),
        deps.storeBans.find(user.id),
        deps.access(user),
        deps.membership(user.id),
        deps.membershipEvents(user.id, limit + 1),
      ]);
    const applications: { kind: ApplicationKindName; application: ApplicationRecord }[] = [
      ...whitelist.map((application) => ({ kind: 'whitelist' as const, application })),
      ...staff.map((application) => ({ kind: 'staff' as const, application })),
    ]
      .sort((a, b) => b.application.createdAt.getTime() - a.application.createdAt.getTime())
      .slice(0, limit + 1);
    const shown = purchases.slice(0, limit);
    const [reviews, steps] = await Promise.all([
      deps.reviews.forApplications(applications.slice(0, limit).map((a) => a.application.id)),
      deps.purchases.statusHistoryOf(shown.map((purchase) => purchase.id)),
    ]);
    const byId = new Map(shown.map((purchase) => [purchase.id, purchase]));
    const truncated = [purchases, ledger, applications, actions, deliveries, events].some(
      (rows) => rows.length > limit,
    );
    const entries: TimelineEntry[] = [
      ...shown.map((purchase) => ({
        kind: 'purchase' as const,
        id: purchase.id,
        at: purchase.createdAt,
        purchase,
        status: buyerView(purchase, now).status,
      })),
      // the purchase entry stands for its start; each later step is its own entry
      ...steps.flatMap((change, index) => {
        const purchase = byId.get(change.purchaseId);
        if (!purchase || change.status === 'checkout_started') return [];
        const id = `${change.purchaseId}-${index}`;
        return [{ kind: 'purchase_status' as const, id, at: change.at, purchase, change }];
      }),
      ...ledger.slice(0, limit).map((entry) => ({ kind: 'ledger' as const, id: entry.id, at: entry.createdAt, entry })),
      ...applications.slice(0, limit).map(({ kind, application }) => ({
        kind: 'application' as const,
        id: application.id,
        at: application.createdAt,
        applicationKind: kind,
        application,
      })),
      ...reviews.map((review) => ({ kind: 'decision' as const, id: review.id, at: review.createdAt, review })),
      ...(storeBan
        ? [{ kind: 'store_ban' as const, id: `store-ban-${user.id}`, at: storeBan.createdAt, ban: storeBan }]
        : []),
      ...actions.slice(0, limit).map((action) => ({
        kind: 'account_action' as const,
        id: action.id,
        at: action.createdAt,
        action,
      })),
      ...deliveries.slice(0, limit).map((delivery) => ({
        kind: 'delivery' as const,
        id: delivery.id,
        at: delivery.createdAt,
        delivery,
      })),
      ...events.slice(0, limit).map((event) => ({
        kind: 'membership' as const,
        id: `membership-${event.id}`,
        at: event.at,
        event,
        tierName: deps.tierName(event.tierId),
        fromTierName: event.kind === 'tier_changed' && event.detail ? deps.tierName(event.detail) : null,
      })),
    ];
    return { user, storeBan, access, membership, timeline: newestFirst(entries), truncated };
  }
}
