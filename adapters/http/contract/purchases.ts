import { z } from 'zod';
import { deliverySchema } from './deliveries.ts';

export const purchaseStatusSchema = z.enum(['pending', 'completed', 'failed', 'refunded', 'disputed']);

export const purchaseSchema = z.object({
  id: z.string(),
  productType: z.string(),
  productId: z.string(),
  optionId: z.string().nullable(),
  productName: z.string(),
  /** dollars */
  price: z.number(),
  buyerEmail: z.string().nullable(),
  buyerDiscord: z.string().nullable(),
  /** what an unban buyer said about the ban; null for other products */
  banReason: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  status: z.string(),
  tokensGranted: z.number().int(),
  tokensAwarded: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** the Discord role delivery: the removal after a refund or dispute, else the grant; null before completion */
  roleDelivery: deliverySchema.nullable(),
});
export type PurchaseDto = z.infer<typeof purchaseSchema>;

/** GET /api/purchases (admin): the list, newest first, and the dashboard's totals. */
export const purchasesResponseSchema = z.object({
  purchases: z.array(purchaseSchema),
  count: z.number().int(),
  /** dollars, rounded to cents: completed purchases only */
  revenue: z.number(),
  completed: z.number().int(),
  pending: z.number().int(),
  /** pass as `before` for the next (older) page; null on the last page */
  nextBefore: z.string().nullable(),
});
export type PurchasesResponse = z.infer<typeof purchasesResponseSchema>;

export const PURCHASES_PAGE_SIZE = 50;

/** GET /api/purchases?status=&limit=&before=: newest first, `limit` (1-100, 50) at a time, older than `before`. */
export const purchasesQuerySchema = z.object({
  status: purchaseStatusSchema.optional(),
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 to 100')
    .max(100, 'Limit must be 1 to 100')
    .default(PURCHASES_PAGE_SIZE),
  before: z.uuid('Before must be a purchase id').optional(),
});

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
