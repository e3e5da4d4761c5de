import type { WhitelistApplication } from '../applications/application.ts';
import type { Purchase } from '../purchases/purchase.ts';
import type { StaffApplication } from '../staff-applications/staff-application.ts';

/** What a change in the store or the applications means for Discord, to be recorded with the change. */
export interface DeliveryEffects {
  purchaseCompleted(purchase: Purchase): Promise<void>;
  /** `was` is the status before the refund or dispute */
  purchaseTakenBack(purchase: Purchase, was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void>;
  applicationSubmitted(application: WhitelistApplication | StaffApplication, kind: 'whitelist' | 'staff'): Promise<void>;
  whitelistReviewed(application: WhitelistApplication): Promise<void>;
  staffReviewed(application: StaffApplication): Promise<void>;
}

/** For core tests that do not look at Discord: records nothing. */
export const noDeliveryEffects: DeliveryEffects = {
  purchaseCompleted: async () => {},
  purchaseTakenBack: async () => {},
  applicationSubmitted: async () => {},
  whitelistReviewed: async () => {},
  staffReviewed: async () => {},
};
