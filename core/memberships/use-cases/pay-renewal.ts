import type { Purchase } from '../../purchases/model/purchase.ts';
import type { PaymentIntent } from '../../purchases/ports.ts';
import { MembershipStateError } from '../errors.ts';
import type { MembershipDeps } from '../model/deps.ts';
import { liveMembership, unpaidRenewal } from '../model/own-membership.ts';

export interface PayRenewalDeps extends Pick<MembershipDeps, 'memberships' | 'purchases' | 'settlement' | 'intents'> {}

/** Past due: the failed renewal's payment, to be paid with another card (the provider's own retry goes on too). */
export class PayRenewal {
  constructor(private readonly deps: PayRenewalDeps) {}

  async execute(userId: string): Promise<{ purchase: Purchase; intent: PaymentIntent }> {
    const { deps } = this;
    const membership = await liveMembership(deps.memberships, userId);
    const unpaid = membership.status === 'past_due' ? await unpaidRenewal(deps.purchases, membership) : null;
    if (!unpaid?.paymentIntentId)
      throw new MembershipStateError('NOTHING_TO_PAY', 'Your membership has no unpaid renewal.');
    const intent = await deps.intents.retrieveIntent(unpaid.paymentIntentId);
    if (intent.status === 'succeeded') {
      await deps.settlement.complete(unpaid, intent);
      throw new MembershipStateError(
        'RENEWAL_PAID',
        'This renewal has been paid. Reload the page to see your membership.',
      );
    }
    return { purchase: unpaid, intent };
  }
}
