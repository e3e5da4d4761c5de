import { z } from 'zod';
import { PRODUCT_TYPES, type ProductType } from '../../catalogue/model/product.ts';
import { paymentWindowSince } from '../../purchases/model/purchase.ts';
import { CouponUnknownError } from '../errors.ts';

/** A code as stored and compared: codes are case-insensitive, stored in capitals. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** What `find` answers for a code as an admin typed it (normalized first); a code it does not know is refused. */
export async function knownCoupon<T>(typed: string, find: (code: string) => Promise<T | null | undefined>): Promise<T> {
  const code = normalizeCode(typed);
  const found = await find(code);
  if (!found) throw new CouponUnknownError(code);
  return found;
}

export const COUPON_CODE_MAX_LENGTH = 32;
export const COUPON_CODE_PATTERN = new RegExp(`^[A-Z0-9_-]{3,${COUPON_CODE_MAX_LENGTH}}$`);

/** A monthly Priority Pass charge a coupon covers: the first unless it says more; null is every month. */
export const DEFAULT_COUPON_MONTHS = 1;

/** A code that lowers a checkout's price, by a percent or a fixed amount, under its limits. */
export interface Coupon {
  id: string;
  /** in capitals (normalizeCode) */
  code: string;
  /** exactly one of these two is set */
  percentOff: number | null;
  amountOffCents: number | null;
  /** the products (catalogue ids) and types it takes; both empty: every product */
  productIds: string[];
  productTypes: ProductType[];
  /** uses in all; null: no limit */
  maxUses: number | null;
  /** uses by one player; null: no limit */
  perPlayer: number | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  /** the monthly charges of a Priority Pass it lowers; null: every month */
  months: number | null;
  disabledAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

/** A coupon with the uses that count against its limits (see PromotionRepository.usesOf). */
export type CouponWithUses = Coupon & { uses: number };

/**
 * checkouts started since then still hold their coupon's use: as long as the store gives a checkout to be paid, so
 * an unpaid one gives its use back when the reconciler ends it, not a day later
 */
export const openSince = paymentWindowSince;

/** a limited coupon's uses are counted under its row lock; an unlimited one takes no lock */
export const isLimited = (coupon: Pick<Coupon, 'maxUses' | 'perPlayer'>) =>
  coupon.maxUses !== null || coupon.perPlayer !== null;

/** The uses of a coupon that count against its limits (see PromotionRepository.usesOf). */
export interface CouponUses {
  total: number;
  byPlayer: number;
  /** the player's uses held by checkouts awaiting payment */
  openByPlayer: number;
}

/** the outcome of keeping a use of a coupon for a purchase */
export type Redemption = 'redeemed' | 'used_up' | 'used_up_by_player';

/**
 * The coupon's limits, the one place they are decided: whether one more use may be stored, given the uses that count
 * now. A purchase that keeps a use already keeps it.
 */
export function redemptionFor(
  coupon: Pick<Coupon, 'maxUses' | 'perPlayer'>,
  uses: CouponUses & { reserved?: boolean },
): Redemption {
  if (uses.reserved) return 'redeemed';
  if (coupon.maxUses !== null && uses.total >= coupon.maxUses) return 'used_up';
  if (coupon.perPlayer !== null && uses.byPlayer >= coupon.perPlayer) return 'used_up_by_player';
  return 'redeemed';
}

/** a limit in uses, named in the words the admin screen and the CLI show */
const count = (what: string) => {
  const message = `${what} is a whole number from 1 to 1,000,000, or empty for no limit.`;
  return z.number({ error: message }).int(message).min(1, message).max(1_000_000, message);
};
const date = (what: string) => z.coerce.date({ error: `${what} is not a date.` });

/** What an admin gives to create a coupon (the CLI and the admin screen); every reason names its field in words. */
export const createCouponSchema = z
  .object({
    code: z
      .string({ error: 'Give the coupon a code.' })
      .transform(normalizeCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, 'A code is 3 to 32 letters, digits, dashes or underscores.')),
    percentOff: z
      .number({ error: 'A percent is a whole number from 1 to 100.' })
      .int('A percent is a whole number from 1 to 100.')
      .min(1, 'A percent is 1 to 100.')
      .max(100, 'A percent is 1 to 100.')
      .optional(),
    amountOffCents: z
      .number({ error: 'An amount off is in dollars and cents, like 5 or 2.50.' })
      .int('An amount off is in dollars and cents, like 5 or 2.50.')
      .min(1, 'An amount is at least $0.01.')
      .max(1_000_000, 'An amount is at most $10,000.')
      .optional(),
    productIds: z
      .array(z.string().trim().min(1, 'A product is named by its catalogue id.').max(64), {
        error: 'Give the products as a list.',
      })
      .max(50, 'A coupon names at most 50 products.')
      .default([]),
    productTypes: z
      .array(z.enum(PRODUCT_TYPES, { error: `A product type is one of ${PRODUCT_TYPES.join(', ')}.` }))
      .max(PRODUCT_TYPES.length)
      .default([]),
    maxUses: count('Uses in all').nullable().default(null),
    perPlayer: count('Uses per player').nullable().default(null),
    startsAt: date('The start').nullable().default(null),
    expiresAt: date('The end').nullable().default(null),
    months: z
      .number({ error: 'Priority Pass months is a whole number from 1 to 120.' })
      .int('Priority Pass months is a whole number from 1 to 120.')
      .min(1, 'Priority Pass months is a whole number from 1 to 120.')
      .max(120, 'Priority Pass months is a whole number from 1 to 120.')
      .nullable()
      .default(DEFAULT_COUPON_MONTHS),
  })
  .refine((input) => (input.percentOff === undefined) !== (input.amountOffCents === undefined), {
    message: 'Give either a percent or an amount off, not both.',
    path: ['percentOff'],
  })
  .refine((input) => !input.startsAt || !input.expiresAt || input.expiresAt > input.startsAt, {
    message: 'A coupon expires after it starts.',
    path: ['expiresAt'],
  });
export type CreateCouponInput = z.input<typeof createCouponSchema>;
