import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH } from '../../../core/promotions/model/coupon.ts';
import { productTypeSchema } from './catalogue.ts';

export { COUPON_CODE_MAX_LENGTH };

/** What the checkout says of a coupon on a sale (the one rule: the coupon is taken off the sale price). */
export const COUPON_STACKING_NOTE = 'Coupons are taken off the sale price.';

/** the longest code a buyer may type at checkout (a longer one is refused before any lookup) */
export const COUPON_CODE_INPUT_MAX_LENGTH = 64;
const couponCode = z.string().trim().min(1, 'Enter a coupon code.').max(COUPON_CODE_INPUT_MAX_LENGTH);

/** GET /api/checkout/quote: the price the server would charge for an item now, with a coupon when one is given. */
export const quoteQuerySchema = z.object({
  productType: productTypeSchema,
  productId: z.string().trim().min(1).max(64),
  option: z.string().trim().min(1).max(64).optional(),
  coupon: couponCode.optional(),
  /** a gifted Priority Pass: its months, paid at once (which counts the store takes is the checkout's rule) */
  months: z.coerce.number().int().optional(),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

/** dollars throughout */
export const quoteSchema = z.object({
  listPrice: z.number(),
  sale: z.object({ name: z.string(), percentOff: z.number().int(), price: z.number(), endsAt: z.string() }).nullable(),
  coupon: z
    .object({
      code: z.string(),
      percentOff: z.number().int().nullable(),
      amountOff: z.number().nullable(),
      /** what it takes off this charge */
      discount: z.number(),
      /** a Priority Pass: the monthly charges it lowers; null every month */
      months: z.number().int().nullable(),
    })
    .nullable(),
  total: z.number(),
  /** why the coupon asked for does not apply; the prices are then those without it */
  couponRefusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** whether a coupon stacks on a sale, in a sentence for the page */
  stacking: z.string(),
});
export type QuoteDto = z.infer<typeof quoteSchema>;

/** GET /api/sales/live (public): every catalogue item on sale now, for the cards. */
export const itemOnSaleSchema = z.object({
  productType: productTypeSchema,
  productId: z.string(),
  optionId: z.string().nullable(),
  price: z.number(),
  salePrice: z.number(),
  percentOff: z.number().int(),
  saleName: z.string(),
  endsAt: z.string(),
});
export type ItemOnSaleDto = z.infer<typeof itemOnSaleSchema>;
export const itemsOnSaleResponseSchema = z.object({ items: z.array(itemOnSaleSchema) });
export type ItemsOnSaleResponse = z.infer<typeof itemsOnSaleResponseSchema>;

const isoDate = z.iso.datetime({ offset: true, error: 'Give a date and time, like 2026-12-01T00:00:00Z.' });
/** a limit in uses; its reason names the field in words, as the form labels it */
const positiveCount = (what: string) => {
  const message = `${what} is a whole number from 1 to 1,000,000, or empty for no limit.`;
  return z.number({ error: message }).int(message).min(1, message).max(1_000_000, message);
};
const MONTHS_WORDS = "Priority Pass months is a whole number from 1 to 120, or 'forever'.";

/** POST /api/coupons (admin): dollars for a fixed amount; the core checks the rest (one of percent or amount). */
export const createCouponRequestSchema = z.object({
  code: z.string({ error: 'Give the coupon a code.' }).max(64, 'Keep the code to 64 characters or fewer.'),
  percentOff: z
    .number({ error: 'A percent is a whole number from 1 to 100.' })
    .int('A percent is a whole number from 1 to 100.')
    .optional(),
  amountOff: z
    .number({ error: 'An amount off is in dollars, like 5 or 2.50.' })
    .min(0.01, 'An amount is at least $0.01.')
    .max(10_000, 'An amount is at most $10,000.')
    .optional(),
  productIds: z
    .array(z.string().max(64), { error: 'Give the products as a list.' })
    .max(50, 'A coupon names at most 50 products.')
    .optional(),
  productTypes: z.array(productTypeSchema, { error: 'Give the product types as a list.' }).max(4).optional(),
  maxUses: positiveCount('Uses in all').nullable().optional(),
  perPlayer: positiveCount('Uses per player').nullable().optional(),
  startsAt: isoDate.nullable().optional(),
  expiresAt: isoDate.nullable().optional(),
  /** a Priority Pass: the monthly charges it lowers (1 when not given); 'forever' for every month */
  months: z
    .union([z.number().int(MONTHS_WORDS).min(1, MONTHS_WORDS).max(120, MONTHS_WORDS), z.literal('forever')], {
      error: MONTHS_WORDS,
    })
    .optional(),
});
export type CreateCouponRequest = z.infer<typeof createCouponRequestSchema>;

export const COUPON_STATES = ['active', 'scheduled', 'expired', 'used_up', 'disabled'] as const;

export const couponSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().nullable(),
  /** dollars */
  amountOff: z.number().nullable(),
  productIds: z.array(z.string()),
  productTypes: z.array(productTypeSchema),
  maxUses: z.number().int().nullable(),
  perPlayer: z.number().int().nullable(),
  uses: z.number().int(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  months: z.number().int().nullable(),
  state: z.enum(COUPON_STATES),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CouponDto = z.infer<typeof couponSchema>;
export const couponsResponseSchema = z.object({ coupons: z.array(couponSchema) });
export type CouponsResponse = z.infer<typeof couponsResponseSchema>;

/** POST /api/sales (admin) */
export const createSaleRequestSchema = z.object({
  name: z.string().max(100),
  percentOff: z.number().int(),
  productIds: z.array(z.string().max(64)).max(50).optional(),
  productTypes: z.array(productTypeSchema).max(4).optional(),
  startsAt: isoDate,
  endsAt: isoDate,
});
export type CreateSaleRequest = z.infer<typeof createSaleRequestSchema>;

export const saleSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int(),
  productIds: z.array(z.string()),
  productTypes: z.array(productTypeSchema),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['scheduled', 'live', 'ended']),
  createdAt: z.string(),
});
export type SaleDto = z.infer<typeof saleSchema>;
export const salesResponseSchema = z.object({ sales: z.array(saleSchema) });
export type SalesResponse = z.infer<typeof salesResponseSchema>;
