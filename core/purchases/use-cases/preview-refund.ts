import type { Clock } from '../../shared/ports.ts';
import type { PurchaseEffects, RoleAfterReversal } from '../effects.ts';
import type { Purchase } from '../model/purchase.ts';
import type { MembershipCheckout, MonthReversalEffect } from '../ports.ts';

/** What refunding a purchase now would do besides returning the money, for the admin's confirmation. */
export interface RefundEffects {
  /** the Discord role the refund takes off the buyer, or the purchase's role that stays with them; null when none */
  role: RoleAfterReversal | null;
  /**
   * for a Priority Pass month: `ends` when it is the month being served (the membership ends now and is not
   * charged again), `goes_on` for a month already served (only its money and tokens come back), `ended` when the
   * membership had ended before; null for anything else
   */
  membership: MonthReversalEffect | null;
}

/** Reads a refund's effects ahead, by the same rules the refund then follows. */
export class PreviewRefund {
  constructor(
    private readonly effects: Pick<PurchaseEffects, 'roleAfterReversal'>,
    private readonly clock: Clock,
    private readonly memberships: Pick<MembershipCheckout, 'onRefund'> | null = null,
  ) {}

  async execute(purchase: Purchase): Promise<RefundEffects> {
    if (purchase.status !== 'completed') return { role: null, membership: null };
    const month = (await this.memberships?.onRefund(purchase, this.clock.now())) ?? null;
    const ending = month?.effect === 'ends' ? month.id : undefined;
    return { role: await this.effects.roleAfterReversal(purchase, ending), membership: month?.effect ?? null };
  }
}
