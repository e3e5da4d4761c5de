import { z } from 'zod';
import { APPLICATION_KIND_NAMES } from '../../../core/applications/model/application.ts';
import { MEMBERSHIP_STATUSES } from '../../../core/memberships/model/membership.ts';
import { BUYER_PURCHASE_STATUSES } from '../../../core/purchases/model/buyer-view.ts';
import { purchaseSchema } from './purchases.ts';

/**
 * The read API other tools use with a token (/api/v1, decision 0109): the schemas that check its requests and the
 * ones that describe its answers; GET /api/v1/openapi.json is generated from both. An answer is a strict object: a
 * field not named here is not the API's (no emails, addresses, payment references or secrets).
 */

/** a list gives at most this many items; 50 unless `limit` asks for fewer or more */
export const API_LIST_MAX = 100;
export const API_LIST_DEFAULT = 50;

const limit = z.coerce
  .number()
  .int('Limit must be a whole number')
  .min(1, `Limit must be 1 to ${API_LIST_MAX}`)
  .max(API_LIST_MAX, `Limit must be 1 to ${API_LIST_MAX}`)
  .default(API_LIST_DEFAULT)
  .describe(`How many to answer, 1 to ${API_LIST_MAX} (default ${API_LIST_DEFAULT}).`);
const before = (what: string) =>
  z
    .uuid(`Before must be ${what} id`)
    .optional()
    .describe(`The cursor: the \`next\` of the previous page; answers those listed after that ${what.slice(2)}.`);

export const apiPurchasesQuerySchema = z.strictObject({
  status: z.enum(BUYER_PURCHASE_STATUSES).optional().describe('Only purchases with this status.'),
  since: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: 'Since must be a date (2026-11-01) or a date and time (2026-11-01T12:00:00Z)',
    })
    .optional()
    .describe('Only purchases made at or after this date (UTC) or time.'),
  limit,
  before: before('a purchase'),
});
export type ApiPurchasesQuery = z.infer<typeof apiPurchasesQuerySchema>;

export const apiIdParamsSchema = z.strictObject({ id: z.uuid('The id must be a UUID').describe('The id.') });
export const apiPlayerParamsSchema = z.strictObject({
  discordId: z
    .string()
    .regex(/^\d{5,25}$/, 'A Discord id is 5 to 25 digits')
    .describe("The player's Discord id."),
});

export const apiApplicationsQuerySchema = z.strictObject({
  kind: z
    .enum(APPLICATION_KIND_NAMES)
    .optional()
    .describe("The kind; without it, the first of whitelist, staff, appeal the token's creator reviews."),
  status: z
    .string()
    .max(32)
    .optional()
    .describe('Only applications with this status (one of the kind’s statuses, as the answer names them).'),
  limit,
  before: before('an application'),
});

export const apiMembershipsQuerySchema = z.strictObject({
  status: z.enum(MEMBERSHIP_STATUSES).optional().describe('Only memberships with this status.'),
  limit,
});

/** no query: a request with one is refused, as an unknown filter would be */
export const noQuerySchema = z.strictObject({});

const instant = z.string().describe('ISO 8601, UTC');

/** a purchase's public facts: the staff schema's fields, less the buyer's contact, the payment's references and notes */
export const apiPurchaseSchema = purchaseSchema
  .pick({
    id: true,
    userId: true,
    productType: true,
    productId: true,
    optionId: true,
    productName: true,
    price: true,
    amountPaid: true,
    listPrice: true,
    discount: true,
    saleName: true,
    gateway: true,
    status: true,
    tokensGranted: true,
    createdAt: true,
    completedAt: true,
  })
  .extend({ gift: z.boolean().describe('Bought for another player.') })
  .strict();
export type ApiPurchaseDto = z.infer<typeof apiPurchaseSchema>;

export const apiPurchaseListSchema = z.strictObject({
  items: z.array(apiPurchaseSchema),
  next: z.string().nullable().describe('The `before` of the next page; null on the last.'),
});

export const apiPlayerSchema = z.strictObject({
  id: z.string(),
  discordId: z.string(),
  name: z.string(),
  role: z.enum(['player', 'staff', 'admin']),
  joinedAt: instant,
  whitelisted: z.boolean(),
  banned: z.boolean(),
  priority: z.number().int().describe('The queue priority: 0 none, 1 to 5 by tier, 10 staff and admins.'),
  tier: z.string().nullable().describe('The queue tier, as the game server reads it.'),
  tokens: z.number().int(),
  boughtTokens: z.number().int(),
  earnedTokens: z.number().int(),
});
export type ApiPlayerDto = z.infer<typeof apiPlayerSchema>;

export const apiApplicationSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(APPLICATION_KIND_NAMES),
  userId: z.string(),
  discordId: z.string().nullable(),
  status: z.string(),
  createdAt: instant,
  reviewedAt: instant.nullable(),
});
export type ApiApplicationDto = z.infer<typeof apiApplicationSchema>;

export const apiApplicationListSchema = z.strictObject({
  kind: z.enum(APPLICATION_KIND_NAMES),
  statuses: z.array(z.string()).describe("The kind's statuses."),
  items: z.array(apiApplicationSchema),
  next: z.string().nullable().describe('The `before` of the next page; null on the last.'),
});

export const apiMembershipSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  tierId: z.string(),
  tierName: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  gifted: z.boolean(),
  startedAt: instant,
  currentPeriodEnd: instant,
  benefitsUntil: instant.nullable(),
  endedAt: instant.nullable(),
});
export type ApiMembershipDto = z.infer<typeof apiMembershipSchema>;

export const apiMembershipListSchema = z.strictObject({ items: z.array(apiMembershipSchema) });

/** every refusal and failure of the API */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfter: z.number().int().optional(),
});
