import type { Application, ApplicationKind } from '../applications/application.ts';
import type { Purchase } from '../purchases/purchase.ts';

/** What a change in the store or the applications means for Discord, to be recorded with the change. */
export interface DeliveryEffects {
  purchaseCompleted(purchase: Purchase): Promise<void>;
  /** `was` is the status before the refund or dispute */
  purchaseTakenBack(purchase: Purchase, was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void>;
  applicationSubmitted<A, S extends string>(kind: ApplicationKind<A, S>, application: Application<A, S>): Promise<void>;
  /** a status change by a reviewer */
  applicationReviewed<A, S extends string>(kind: ApplicationKind<A, S>, application: Application<A, S>): Promise<void>;
}

/** For core tests that do not look at Discord: records nothing. */
export const noDeliveryEffects: DeliveryEffects = {
  purchaseCompleted: async () => {},
  purchaseTakenBack: async () => {},
  applicationSubmitted: async () => {},
  applicationReviewed: async () => {},
};
