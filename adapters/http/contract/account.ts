import { z } from 'zod';
import { inGameDeliverySchema } from './grants.ts';
import { BUYER_PURCHASE_STATUSES } from '../../../core/purchases/model/buyer-view.ts';
import { discountFields } from './purchases.ts';

export const buyerPurchaseStatusSchema = z.enum(BUYER_PURCHASE_STATUSES);
export type BuyerPurchaseStatusDto = z.infer<typeof buyerPurchaseStatusSchema>;

/**
 * One of the signed-in player's own purchases: what the post-payment page, the account page and a receipt show.
 * status: where it stands for the buyer (awaiting_payment until paid; abandoned once the checkout lapsed unpaid).
 * role: granted (the bot gave the Discord role), pending (being handed out), failed or not_configured (staff hand it
 * out by ticket), none (nothing to hand out: the payment is not completed).
 */
export const myPurchaseSchema = z.object({
  purchaseId: z.string(),
  /** the payment's transaction id (the payment intent), null when no payment was started */
  transactionId: z.string().nullable(),
  productType: z.string(),
  /** the catalogue's product id: the page reads the product's delivery time from the catalogue */
  productId: z.string(),
  productName: z.string(),
  /** dollars */
  amount: z.number(),
  ...discountFields.shape,
  currency: z.string(),
  status: buyerPurchaseStatusSchema,
  /** what the purchase grants once paid */
  tokens: z.number().int(),
  /** what it credited and still holds (0 before payment and after a refund or dispute) */
  tokensCredited: z.number().int(),
  /** what it gives in the game: waiting for the player to join, delivered, or failed; null: nothing in the game */
  inGame: inGameDeliverySchema,
  /** why a payment failed (the payment provider's reason), or why a payment taken is held for staff */
  failureReason: z.string().nullable(),
  buyerDiscord: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  role: z.enum(['granted', 'pending', 'failed', 'not_configured', 'none']),
  roleGrantedAt: z.string().nullable(),
  /** the creator code named at checkout; null for none */
  creatorCode: z.string().nullable(),
  /** Tebex's word on that code: accepted or refused; null where only the site records it */
  creatorCodeStatus: z.enum(['accepted', 'refused']).nullable(),
  /**
   * the withdrawal consent given before paying: when, and the wording agreed to (null for a wording this site no
   * longer knows); null on a purchase made before it was asked, and on a gift received
   */
  withdrawalConsent: z.object({ givenAt: z.string(), text: z.string().nullable() }).nullable(),
  /**
   * a gift: `to` the recipient the player bought it for, or `from` the player who bought it for them (who is then
   * not shown the buyer's email, payment id or price: amount 0); null when bought for themself
   */
  gift: z
    .object({
      direction: z.enum(['to', 'from']),
      name: z.string(),
      /** a gifted Priority Pass's months; null for anything else */
      months: z.number().int().nullable(),
      /** the recipient has received it (false while it waits for their first sign-in) */
      delivered: z.boolean(),
    })
    .nullable(),
});
export type MyPurchaseDto = z.infer<typeof myPurchaseSchema>;

export const MY_PURCHASES_PAGE_SIZE = 20;

/** GET /api/user/purchases?limit=&before=: newest first, `limit` (1-100, 20) at a time, older than `before`. */
export const myPurchasesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be 1 to 100.')
    .max(100, 'Limit must be 1 to 100.')
    .default(MY_PURCHASES_PAGE_SIZE),
  before: z.uuid('Before must be the id of one of your purchases.').optional(),
});

export const myPurchasesResponseSchema = z.object({
  purchases: z.array(myPurchaseSchema),
  /** pass as `before` for the next (older) page; null on the last page */
  nextBefore: z.string().nullable(),
});
export type MyPurchasesResponse = z.infer<typeof myPurchasesResponseSchema>;

/** GET /api/user/access: the player's own access to the game server, by the rule the game server reads */
export const myAccessSchema = z.object({
  whitelisted: z.boolean(),
  /** 0 none; 1 to 5 by tier; 10 staff */
  priority: z.number().int(),
  /** the tier that gives it, or null */
  tierName: z.string().nullable(),
  banned: z.boolean(),
});
export type MyAccessDto = z.infer<typeof myAccessSchema>;
