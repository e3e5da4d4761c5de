import { z } from 'zod';
import { AGE_ANSWERS } from '../../../core/users/model/age.ts';
import { productTypeSchema } from './catalogue.ts';

/** the longest ban reason a request body may carry at all: the core refuses one past its own limit in its words */
const BAN_REASON_BODY_MAX_LENGTH = 5_000;

export {
  BAN_REASON_MAX_LENGTH,
  BAN_REASON_MIN_LENGTH,
  banReasonSchema,
} from '../../../core/purchases/model/unban-details.ts';

const dollars = z.number().positive().max(100_000);

export { GIFT_MONTHS } from '../../../core/purchases/model/gift.ts';
export { WITHDRAWAL_CONSENT } from '../../../core/purchases/model/withdrawal-consent.ts';
export { AGE_ANSWER_LABELS, AGE_ANSWERS, type AgeAnswer } from '../../../core/users/model/age.ts';

/** A gift's recipient as the buyer's pages show it. */
export const giftSchema = z.object({
  /** the recipient's name (their account's, or the Discord ID given when they have no account yet) */
  name: z.string(),
  discordId: z.string(),
  /** a gifted Priority Pass's months; null for anything else */
  months: z.number().int().nullable(),
});
export type GiftDto = z.infer<typeof giftSchema>;

/**
 * POST /api/create-payment-intent. Both shapes (docs/product.md#checkout): the card page sends `amount`, the order
 * form sends `price`, `buyerEmail` and `buyerDiscord`. The server prices from the catalogue; a sent
 * amount or price that differs is refused with 409.
 */
export const createPaymentIntentSchema = z.object({
  productType: productTypeSchema,
  productId: z.string().trim().min(1).max(64),
  productName: z.string().max(255).optional(),
  /** the chosen option of a multi-price add-on */
  option: z.string().trim().min(1).max(64).optional(),
  amount: dollars.optional(),
  price: dollars.optional(),
  buyerEmail: z.email().max(255).optional(),
  buyerDiscord: z.string().trim().max(255).optional(),
  /**
   * unban services only, where it is required: the core checks its length, trimmed, and says so in its own words;
   * this bound only keeps a body far past it from reaching the core
   */
  banReason: z.string().max(BAN_REASON_BODY_MAX_LENGTH, 'A ban reason is at most 5,000 characters.').optional(),
  /** a coupon code, any case; the server prices it */
  couponCode: z.string().trim().max(64).optional(),
  /** a creator the buyer supports (no discount); empty: none */
  creatorCode: z.string().trim().max(64, 'Keep the creator code to 64 characters or fewer.').optional(),
  /** buy it as a gift: the recipient's Discord ID (17 to 20 digits) or a player's name; the server resolves it */
  giftTo: z.string().trim().max(100, "Keep the recipient's name to 100 characters or fewer.").optional(),
  /** a gifted Priority Pass: how many months it runs */
  giftMonths: z.number().int('Months must be a whole number.').optional(),
  /** the version of the withdrawal consent's wording the buyer ticked (WITHDRAWAL_CONSENT.version); the core requires it */
  withdrawalConsent: z.string().trim().max(32, 'The consent version is at most 32 characters.').optional(),
  /** before the first purchase: 18 or over, or a parent's or guardian's consent */
  ageDeclaration: z.enum(AGE_ANSWERS, { error: 'Age declaration is adult or parental_consent.' }).optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  tokensGranted: z.number().int(),
  paymentIntentId: z.string(),
  purchaseId: z.string(),
  /** dollars charged: the catalogue price less a live sale and the coupon */
  amount: z.number(),
  /** dollars, the catalogue's price */
  listPrice: z.number(),
  couponCode: z.string().nullable(),
  productName: z.string(),
  /** Tebex: where the buyer goes to pay (the page takes no card itself); null otherwise */
  redirectUrl: z.string().nullable(),
  /** the creator code the purchase supports (as registered); null for none */
  creatorCode: z.string().nullable(),
  /** Tebex's word on that code: accepted or refused; null where only the site records it */
  creatorCodeStatus: z.enum(['accepted', 'refused']).nullable(),
  /** who it is for, as the server found them; null when bought for the buyer */
  gift: giftSchema.nullable(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** POST /api/complete-purchase */
export const completePurchaseSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
  productType: z.string().max(32).optional(),
  productId: z.string().max(64).optional(),
  productName: z.string().max(255).optional(),
  price: dollars.optional(),
});
export type CompletePurchaseRequest = z.infer<typeof completePurchaseSchema>;

export const completePurchaseResponseSchema = z.object({
  /** the tokens the buyer received (0 for a gift: they are the recipient's) */
  tokensAwarded: z.number().int(),
  purchaseId: z.string(),
  status: z.string(),
});
export type CompletePurchaseResponse = z.infer<typeof completePurchaseResponseSchema>;

/** GET /api/payments/config: Stripe's publishable key, Tebex's hosted checkout, or the offline demo card form. */
export const paymentsConfigSchema = z.object({
  mode: z.enum(['stripe', 'demo', 'tebex']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigDto = z.infer<typeof paymentsConfigSchema>;

/** POST /api/payments/demo/confirm: only while Stripe is not configured. */
export const demoConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(255),
  cardNumber: z.string().trim().min(1).max(32),
  expiry: z.string().trim().max(8).optional(),
  cvc: z.string().trim().max(4).optional(),
});
export type DemoConfirmRequest = z.infer<typeof demoConfirmSchema>;

/** Shaped like Stripe.js's confirmPayment answer: an intent, or an error with the decline message. */
export const demoConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
  error: z.object({ message: z.string() }).optional(),
});
export type DemoConfirmResponse = z.infer<typeof demoConfirmResponseSchema>;
