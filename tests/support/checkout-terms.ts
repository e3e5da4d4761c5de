import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';

/**
 * What a checkout sends once the buyer ticked the withdrawal consent and, before their first purchase, declared their
 * age, as the checkout page sends it.
 */
export const AGREED = { withdrawalConsent: WITHDRAWAL_CONSENT.version, ageDeclaration: 'adult' } as const;
