import { type ApplicationEffects, noApplicationEffects } from '../applications/effects.ts';
import { noPurchaseEffects, type PurchaseEffects } from '../purchases/effects.ts';

export type { RoleAfterReversal } from '../purchases/effects.ts';

/**
 * What a change in the store or the applications means for Discord, recorded with the change. Each module names
 * the part it needs (`PurchaseEffects`, `ApplicationEffects`); the delivery module implements them all.
 */
export type DeliveryEffects = PurchaseEffects & ApplicationEffects;

/** For core tests that do not look at Discord: records nothing. */
export const noDeliveryEffects: DeliveryEffects = { ...noPurchaseEffects, ...noApplicationEffects };
