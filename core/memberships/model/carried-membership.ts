import type { Purchase } from '../../purchases/model/purchase.ts';
import type { CompletedHook } from '../../purchases/model/purchase-settlement.ts';
import type { MembershipLifecycle } from './lifecycle.ts';
import type { Membership } from './membership.ts';

/**
 * A month's completion that starts from the membership as the renewal last had it, and keeps the membership as the
 * completion left it, for the renewal to go on from without reading it again.
 */
export class CarriedMembership implements CompletedHook {
  /** the membership as the completion left it; null until a completion ran here, or when it was not known */
  membership: Membership | null = null;

  constructor(
    private readonly lifecycle: MembershipLifecycle,
    private readonly known: Membership,
  ) {}

  async completed(purchase: Purchase, at: Date): Promise<Purchase> {
    const month = await this.lifecycle.completedFrom(purchase, at, this.known);
    this.membership = month.membership;
    return month.purchase;
  }
}
