import type { Entitlement, Entitlements, EntitlementExclusion } from '../../core/delivery/ports.ts';
import type { MembershipRepository } from '../../core/memberships/ports.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import { beneficiaryOf } from '../../core/purchases/model/gift.ts';
import type { UserRepository } from '../../core/users/ports.ts';

/** What each member is owed, read through the other in-memory stores' ports as the SQL version reads their tables. */
export class InMemoryEntitlements implements Entitlements {
  constructor(
    private readonly users: UserRepository,
    private readonly purchases: PurchaseRepository,
    private readonly whitelistApproved: (userId: string) => Promise<boolean>,
    private readonly memberships: MembershipRepository,
  ) {}

  async discordIdOf(userId: string): Promise<string | null> {
    return (await this.users.findById(userId))?.discordId ?? null;
  }

  async of(userId?: string, without: EntitlementExclusion = {}): Promise<Entitlement[]> {
    const users = userId
      ? [await this.users.findById(userId)].filter((user) => user !== null)
      : await this.users.list({});
    const completed = await this.purchases.list({ status: 'completed' });
    const oldestFirst = [...users].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
    );
    return Promise.all(
      oldestFirst.map(async (user) => {
        const items = new Map<string, Entitlement['items'][number]>();
        // a membership's months give its tier while it is live, not forever
        const live = await this.memberships.findLive(user.id);
        if (live && live.id !== without.membershipId)
          items.set(`${live.tierId}:`, { productId: live.tierId, optionId: null });
        for (const purchase of completed.filter(
          (candidate) =>
            beneficiaryOf(candidate) === user.id &&
            !candidate.billing &&
            !candidate.gift?.months &&
            (!candidate.gift || candidate.gift.deliveredAt !== null) &&
            candidate.id !== without.purchaseId,
        )) {
          items.set(`${purchase.productId}:${purchase.optionId ?? ''}`, {
            productId: purchase.productId,
            optionId: purchase.optionId,
          });
        }
        return {
          userId: user.id,
          discordId: user.discordId,
          displayName: user.discordUsername ?? user.username ?? user.discordId,
          items: [...items.values()],
          whitelistApproved: await this.whitelistApproved(user.id),
        };
      }),
    );
  }
}
