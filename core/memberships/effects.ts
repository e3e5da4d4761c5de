import type { Purchase } from '../purchases/model/purchase.ts';
import type { Membership } from './model/membership.ts';

/** What a membership's changes mean for Discord, recorded in the transaction that makes them. */
export interface MembershipEffects {
  /** the tier's role goes, unless something else the player holds still gives it */
  tierLeft(membership: Membership, tierId: string): Promise<void>;
  /** a direct message telling the player the renewal failed and how long benefits last */
  renewalFailed(membership: Membership, message: string): Promise<void>;
  /** the role goes and the player is told; `purchaseId`: the refunded purchase that ended it */
  ended(membership: Membership, message: string, purchaseId?: string): Promise<void>;
  /** a gifted pass could not start: its recipient holds `held` already; the staff channel is told */
  giftPassBlocked(gift: Purchase, held: Membership): Promise<void>;
}

export const noMembershipEffects: MembershipEffects = {
  tierLeft: async () => {},
  renewalFailed: async () => {},
  ended: async () => {},
  giftPassBlocked: async () => {},
};
