/**
 * How a product reaches its buyer after payment and how long that takes at most. Each product states it once, in its
 * definition; the cards, the checkout, the success page and the help pages write it with the sentences below, so no
 * page can name another time.
 */
export interface Fulfilment {
  /** roles: Discord roles (given by the bot, or by staff where it is not set up); review: senior staff review a ban */
  kind: 'roles' | 'review';
  /** "1-24 hours" */
  time: string;
}

/** Every product that grants roles (Priority Pass tiers, gangs, add-ons) is delivered in this time. */
export const ROLE_DELIVERY: Fulfilment = { kind: 'roles', time: '1-24 hours' };

/** A paid unban review, in the time its service takes. */
export const reviewWithin = (time: string): Fulfilment => ({ kind: 'review', time });

/** The one sentence a page uses to say when the product arrives. */
export function fulfilmentSentence(fulfilment: Fulfilment): string {
  return fulfilment.kind === 'roles'
    ? `Roles are assigned through Discord within ${fulfilment.time} of payment.`
    : `Senior staff review your ban within ${fulfilment.time} of payment.`;
}

/** A product's processing line on its card ("Processing 24-72 hours"), for the services that are reviews. */
export const processingLine = (fulfilment: Fulfilment) => `Processing ${fulfilment.time}`;
