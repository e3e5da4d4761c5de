import { z } from 'zod';
import { grantSchema } from './grants.ts';
import { BUYER_PURCHASE_STATUSES } from '../../../core/purchases/model/buyer-view.ts';
import { MONTH_REVERSAL_EFFECTS } from '../../../core/memberships/model/membership.ts';
import { PAYMENT_GATEWAYS } from '../../../core/purchases/model/purchase.ts';
import { deliverySchema } from './deliveries.ts';
import { tokenEntrySchema } from './tokens.ts';

/** What lowered a purchase's price: the catalogue price (dollars), what came off it, the coupon and the sale. */
export const discountFields = z.object({
  listPrice: z.number(),
  /** dollars off the catalogue price; 0 without a sale or coupon */
  discount: z.number(),
  couponCode: z.string().nullable(),
  saleName: z.string().nullable(),
});
export type DiscountDto = z.infer<typeof discountFields>;

/** statuses as they happened (DESIGN-DECISIONS §10) */
export const purchaseStatusSchema = z.enum(BUYER_PURCHASE_STATUSES);
export type PurchaseStatusDto = z.infer<typeof purchaseStatusSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  /** the buyer's account id (the player page's id) */
  userId: z.string(),
  productType: z.string(),
  productId: z.string(),
  optionId: z.string().nullable(),
  productName: z.string(),
  /** dollars */
  price: z.number(),
  /** dollars the payment provider actually took; null until paid */
  amountPaid: z.number().nullable(),
  ...discountFields.shape,
  /** the provider's own id of the payment, where it is not the intent's (a Tebex transaction) */
  paymentReference: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  buyerDiscord: z.string().nullable(),
  /** what an unban buyer said about the ban; null for other products */
  banReason: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  /** who took the payment: the demo gateway, Stripe or Tebex */
  gateway: z.enum(PAYMENT_GATEWAYS),
  status: purchaseStatusSchema,
  tokensGranted: z.number().int(),
  tokensAwarded: z.number().int(),
  /** why a payment failed, or why one taken is held for staff (failed and underpaid only) */
  failureReason: z.string().nullable(),
  /** the reason given for a refund or a dispute (refunded and disputed only) */
  refundReason: z.string().nullable(),
  /** when the payment provider first reported a payment attempt (paid, declined, held, being paid); null: none */
  paymentAttemptedAt: z.string().nullable(),
  /** an attempt was reported; false: a checkout only opened, no purchase unless still open (decision 0078) */
  paymentTried: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** the Discord role delivery: the removal after a refund or dispute, else the grant; null before completion */
  roleDelivery: deliverySchema.nullable(),
  /** the creator code the buyer named (as registered); null for none */
  creatorCode: z.string().nullable(),
  /** Tebex's word on that code: accepted or refused; null where only the site records it */
  creatorCodeStatus: z.enum(['accepted', 'refused']).nullable(),
  /** the creator code and coupon codes Tebex reported on the payment that paid it; null where no provider reported */
  reportedCreatorCode: z.string().nullable(),
  reportedCouponCodes: z.array(z.string()).nullable(),
  /** the export's gift cells: the recipient as `name (Discord ID)`, and a gifted pass's months */
  giftTo: z.string().nullable(),
  giftMonths: z.number().int().nullable(),
  /**
   * the withdrawal consent the buyer gave before paying: when, the wording's version and the address it came from;
   * all null on a purchase made before it was asked
   */
  consentGivenAt: z.string().nullable(),
  consentVersion: z.string().nullable(),
  consentAddress: z.string().nullable(),
  /** bought as a gift: who for; null when bought for the buyer */
  gift: z
    .object({
      name: z.string(),
      discordId: z.string(),
      /** the recipient's account; null until they sign in */
      userId: z.string().nullable(),
      months: z.number().int().nullable(),
      /** when they received it; null while it waits for their first sign-in */
      deliveredAt: z.string().nullable(),
    })
    .nullable(),
});
export type PurchaseDto = z.infer<typeof purchaseSchema>;

/** A delivery as a list row shows it: its state; until delivered also why, after how many tries, and what Retry needs. */
export const deliveryStateSchema = deliverySchema
  .pick({ kind: true, status: true })
  .extend(deliverySchema.pick({ id: true, attempts: true, lastError: true }).partial().shape);
export type DeliveryStateDto = z.infer<typeof deliveryStateSchema>;

/** A purchase as the /admin table shows it; the rest is read from GET /api/purchases/{id}. */
export const purchaseSummarySchema = purchaseSchema
  .pick({
    id: true,
    userId: true,
    productName: true,
    productType: true,
    price: true,
    amountPaid: true,
    buyerEmail: true,
    buyerDiscord: true,
    gateway: true,
    status: true,
    paymentTried: true,
    createdAt: true,
  })
  .extend({ roleDelivery: deliveryStateSchema.nullable() });
export type PurchaseSummaryDto = z.infer<typeof purchaseSummarySchema>;

/** GET /api/purchases (admin): a page of summaries, newest first, and the dashboard's totals. */
export const purchasesResponseSchema = z.object({
  purchases: z.array(purchaseSummarySchema),
  count: z.number().int(),
  /** dollars, rounded to cents: completed purchases only */
  revenue: z.number(),
  completed: z.number().int(),
  /** awaiting payment: checkouts still open */
  pending: z.number().int(),
  /** purchases per status, over the filter */
  byStatus: z.record(purchaseStatusSchema, z.number().int()),
  /** pass as `before` for the next (older) page; null on the last page */
  nextBefore: z.string().nullable(),
});
export type PurchasesResponse = z.infer<typeof purchasesResponseSchema>;

export const PURCHASES_PAGE_SIZE = 50;

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-01-31`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${label} must be a real date`)
    .optional();

/** The admin list's filters: the dashboard's URL query, the list's and the export's. */
const purchaseFilterFields = {
  status: z.enum(purchaseStatusSchema.options, { error: 'Pick a status from the list' }).optional(),
  productType: z
    .enum(['whitelist', 'gang', 'addon', 'unban'], { error: 'Pick a product type from the list' })
    .optional(),
  buyer: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  /** first day, UTC, inclusive */
  from: day('The start date'),
  /** last day, UTC, inclusive */
  to: day('The end date'),
  /** `1`: also the checkouts closed or left unpaid with no payment attempt, which are no purchases (decision 0078) */
  unpaid: z.enum(['1'], { error: 'Show unpaid checkouts takes 1, or is left out' }).optional(),
};
const datesInOrder = [
  (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to,
  { message: 'The start date must not be after the end date' },
] as const;
export const purchaseFilterQuerySchema = z.object(purchaseFilterFields).refine(...datesInOrder);

/** GET /api/purchases?status=&productType=&buyer=&from=&to=&limit=&before=: newest first, `limit` (1-100, 50) at a time, older than `before`. */
export const purchasesQuerySchema = z
  .object({
    ...purchaseFilterFields,
    limit: z.coerce
      .number()
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 to 100')
      .max(100, 'Limit must be 1 to 100')
      .default(PURCHASES_PAGE_SIZE),
    before: z.uuid('Before must be a purchase id').optional(),
  })
  .refine(...datesInOrder);

/** One anonymised sale: `amount` in dollars, `purchasedAt` an ISO time the UI shows as '2 minutes ago'. */
export const recentPurchaseSchema = z.object({
  name: z.string(),
  item: z.string(),
  amount: z.number(),
  purchasedAt: z.iso.datetime(),
});
export type RecentPurchaseDto = z.infer<typeof recentPurchaseSchema>;

/** GET /api/purchases/recent (public, anonymised) */
export const recentPurchasesResponseSchema = z.object({ items: z.array(recentPurchaseSchema) });
export type RecentPurchasesResponse = z.infer<typeof recentPurchasesResponseSchema>;

/** GET /api/purchases/:id (admin): the purchase with its buyer, ledger entries, Discord deliveries and refund terms. */
export const purchaseDetailSchema = z.object({
  purchase: purchaseSchema,
  /** null when the account is gone */
  buyer: z
    .object({
      id: z.string(),
      name: z.string(),
      discordId: z.string(),
      discordUsername: z.string().nullable(),
      tokens: z.number().int(),
    })
    .nullable(),
  /** oldest first: checkout started, failed (with the reason), completed, refunded (with the reason and the admin), disputed */
  history: z.array(
    z.object({
      status: z.enum(['checkout_started', 'completed', 'failed', 'refunded', 'disputed', 'underpaid']),
      reason: z.string().nullable(),
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
      at: z.string(),
    }),
  ),
  /** the token ledger entries written for it: its credit, and a refund's or dispute's reversal */
  ledger: z.array(tokenEntrySchema),
  /** every Discord delivery of this purchase, newest first */
  deliveries: z.array(deliverySchema),
  /** what the game server runs for it, each with its timeline */
  grants: z.array(grantSchema),
  refund: z.object({
    /** true while the purchase is completed and paid through the provider */
    refundable: z.boolean(),
    /** what the ledger would debit now: the tokens credited, never more than their holder holds */
    tokensToRemove: z.number().int(),
    /** whose balance they come from: the buyer, or a gift's recipient (`recipient`); null when no account holds them */
    tokensFrom: z.object({ name: z.string(), recipient: z.boolean() }).nullable(),
    /** the Discord role the refund takes off the buyer; null when none goes */
    roleToRemove: z.string().nullable(),
    /** the purchase's Discord role that stays: something else the buyer holds still gives it */
    roleRetained: z.string().nullable(),
    /**
     * a Priority Pass month: `ends` when it is the month being served (the pass ends now and is not charged again),
     * `goes_on` when it was served already (the refund does not end the pass), `ended` when the pass has ended
     * before; null for anything else
     */
    membership: z.enum(MONTH_REVERSAL_EFFECTS).nullable(),
  }),
});
export type PurchaseDetailDto = z.infer<typeof purchaseDetailSchema>;

/** a refund's reason, trimmed: the admin screen checks the same limits before it sends */
export const REFUND_REASON_MIN_LENGTH = 3;
export const REFUND_REASON_MAX_LENGTH = 500;
export const REFUND_REASON_TOO_SHORT = `Give the reason for the refund (at least ${REFUND_REASON_MIN_LENGTH} characters).`;

/** POST /api/purchases/:id/refund (admin) */
export const refundPurchaseSchema = z.object({
  reason: z
    .string({ error: 'Give the reason for the refund' })
    .trim()
    .min(REFUND_REASON_MIN_LENGTH, REFUND_REASON_TOO_SHORT)
    .max(REFUND_REASON_MAX_LENGTH, `Keep the reason to ${REFUND_REASON_MAX_LENGTH} characters or fewer.`),
});
