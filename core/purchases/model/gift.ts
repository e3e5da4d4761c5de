import type { PricedItem } from '../../catalogue/model/product.ts';
import { ConflictError, InvalidInputError } from '../../shared/errors.ts';
import type { StoreBans } from '../ports.ts';

/** How many months a gifted Priority Pass may run: paid once, at months x the tier's monthly price, never renewed. */
export const GIFT_MONTHS = [1, 3, 6] as const;

/** What cannot be given: an unban is about the buyer's own ban. */
export const NOT_GIFTABLE_TYPES: readonly string[] = ['unban'];

/** A Discord id as a recipient is named by: Discord's snowflakes are 17 to 20 digits. */
export const GIFT_DISCORD_ID = /^\d{17,20}$/;

/** The player a purchase was bought for; the buyer stays `Purchase.userId`. */
export interface PurchaseGift {
  /** the recipient's Discord id: always known, also before they ever sign in */
  discordId: string;
  /** the recipient's account: null until they have one (set when the gift is delivered) */
  userId: string | null;
  /** the recipient as the buyer named them, or their account's name */
  name: string;
  /** a gifted Priority Pass: its months; null for anything else */
  months: number | null;
  /** when the recipient received it (tokens, role, pass): null until paid and until they have an account */
  deliveredAt: Date | null;
}

/** The account a recipient is known by on the site. */
export interface GiftRecipient {
  userId: string;
  discordId: string;
  name: string;
  /** a banned account cannot sign in, so cannot receive anything */
  banned: boolean;
}

/**
 * Whether a recipient cannot receive a gift: their site account is banned, or they are barred from the store. Asked
 * when the checkout opens and again when it is paid (a ban between the two holds the paid gift for staff).
 */
export async function barredFromGifts(recipient: GiftRecipient, bans: Pick<StoreBans, 'isBanned'>): Promise<boolean> {
  return recipient.banned || (await bans.isBanned(recipient.userId));
}

/** The prefix of a gifted pass's subscription id: it has no subscription at any provider. */
export const GIFT_SUBSCRIPTION_PREFIX = 'gift-';
export const giftSubscriptionId = (purchaseId: string) => `${GIFT_SUBSCRIPTION_PREFIX}${purchaseId}`;

/** Who holds what a purchase gives: the recipient of a gift (null until they have an account), else the buyer. */
export function beneficiaryOf(purchase: { userId: string; gift?: PurchaseGift | null }): string | null {
  return purchase.gift ? purchase.gift.userId : purchase.userId;
}

/** The same recipient and months: a checkout for someone else is another checkout. */
export function sameGift(a: PurchaseGift | null | undefined, b: PurchaseGift | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.discordId === b.discordId && a.months === b.months;
}

/** A gifted pass is priced months x the tier's monthly price and grants months x its monthly tokens. */
export function giftPriced(item: PricedItem, months: number | null): PricedItem {
  if (!months) return item;
  return { ...item, priceCents: item.priceCents * months, tokens: item.tokens * months };
}

/** The months asked for a gift of `productType`: required to be one of GIFT_MONTHS for a pass, absent otherwise. */
export function giftMonthsFor(productType: string, passType: string, months: number | undefined): number | null {
  if (productType !== passType) {
    if (months !== undefined)
      throw new InvalidInputError('GIFT_MONTHS_NOT_ALLOWED', 'Only a Priority Pass is gifted for a number of months.', [
        { path: 'giftMonths', message: 'Leave it out for this product.' },
      ]);
    return null;
  }
  const chosen = months ?? GIFT_MONTHS[0];
  if (!(GIFT_MONTHS as readonly number[]).includes(chosen))
    throw new InvalidInputError(
      'GIFT_MONTHS_INVALID',
      `A gifted Priority Pass runs ${GIFT_MONTHS.join(', ')} months.`,
      [{ path: 'giftMonths', message: `Choose ${GIFT_MONTHS.join(', ')} months.` }],
    );
  return chosen;
}

export class GiftRecipientError extends InvalidInputError {
  constructor(code: string, message: string) {
    super(code, message, [{ path: 'giftTo', message }]);
  }
}

export class NotGiftableError extends InvalidInputError {
  constructor(name: string) {
    super('NOT_GIFTABLE', `${name} cannot be bought as a gift: it is about your own ban.`, [
      { path: 'giftTo', message: 'This product cannot be a gift.' },
    ]);
  }
}

export class RecipientHoldsPassError extends ConflictError {
  constructor(recipient: string, tierName: string) {
    super(
      'RECIPIENT_HOLDS_PASS',
      `${recipient} already holds the ${tierName} Priority Pass, so a gifted pass cannot start for them now.`,
    );
  }
}

export class GiftAtProviderError extends ConflictError {
  constructor() {
    super(
      'GIFT_PASS_NOT_SOLD',
      'Tebex sells the Priority Pass as a monthly subscription only, so a gifted pass cannot be bought here.',
    );
  }
}
