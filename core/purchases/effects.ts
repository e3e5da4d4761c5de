import type { Purchase } from './model/purchase.ts';

/** What a change in the store means for Discord, to be recorded with the change (the delivery module records it). */
export interface PurchaseEffects {
  /** a gift's recipient and buyer are told too: delivered, or waiting for the recipient to sign in */
  purchaseCompleted(purchase: Purchase): Promise<void>;
  /** a paid gift reached its recipient's account after they signed in */
  giftDelivered(purchase: Purchase): Promise<void>;
  /** a payment below the price was held: staff are told */
  purchaseUnderpaid(purchase: Purchase): Promise<void>;
  /** `was` is the status before the refund or dispute */
  purchaseReversed(purchase: Purchase, was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void>;
  /**
   * What reversing a completed purchase would do to the Discord role it gave, asked before it is done:
   * `endingMembershipId` names the membership the reversal ends with it. Null when no role is mapped to it.
   */
  roleAfterReversal(purchase: Purchase, endingMembershipId?: string): Promise<RoleAfterReversal | null>;
}

/** The purchase's role, and whether it goes: it stays while something else the member holds still gives it. */
export interface RoleAfterReversal {
  roleId: string;
  removed: boolean;
}

/** For core tests that do not look at Discord: records nothing. */
export const noPurchaseEffects: PurchaseEffects = {
  purchaseCompleted: async () => {},
  giftDelivered: async () => {},
  purchaseUnderpaid: async () => {},
  purchaseReversed: async () => {},
  roleAfterReversal: async () => null,
};
