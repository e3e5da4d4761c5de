import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from '../../../core/memberships/membership.ts';

/**
 * The signed-in player's Priority Pass membership (GET /api/membership), and what the account page acts on.
 * Money in dollars, times as ISO strings.
 */
export const membershipSchema = z.object({
  id: z.string(),
  tierId: z.string(),
  tierName: z.string(),
  /** active; past_due (a renewal failed: benefits last until graceUntil); ended */
  status: z.enum(MEMBERSHIP_STATUSES),
  /** canceled: benefits last to currentPeriodEnd, nothing more is charged */
  cancelAtPeriodEnd: z.boolean(),
  /** the tier's monthly price */
  amount: z.number(),
  tokensPerMonth: z.number().int(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  graceUntil: z.string().nullable(),
  /** a downgrade that takes effect at the next renewal */
  pendingTierId: z.string().nullable(),
  pendingTierName: z.string().nullable(),
  /** the next renewal's date, amount and tier; null when it will not renew */
  nextCharge: z.object({ date: z.string(), amount: z.number(), tierId: z.string(), tierName: z.string() }).nullable(),
  /** when benefits end if nothing changes: a canceled membership's period end, or a past-due one's grace end */
  benefitsUntil: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  /** past due: the failed renewal to pay with another card (POST /api/membership/pay-renewal opens it) */
  unpaidRenewalId: z.string().nullable(),
  /** who bills it: Tebex memberships are cancelled and changed at Tebex, the others on this page */
  billedBy: z.enum(['demo', 'stripe', 'tebex']),
});
export type MembershipDto = z.infer<typeof membershipSchema>;

export const myMembershipResponseSchema = z.object({ membership: membershipSchema.nullable() });
export type MyMembershipResponse = z.infer<typeof myMembershipResponseSchema>;

export const changeTierSchema = z.object({
  tierId: z
    .string({ error: 'Choose a tier.' })
    .trim()
    .min(1, 'Choose a tier.')
    .max(64, 'Choose one of the five tiers.'),
});

/** POST /api/membership/change-tier: an upgrade charged now (amount, tokens), or a downgrade at renewal */
export const changeTierResponseSchema = z.object({
  change: z.enum(['upgrade', 'downgrade', 'kept']),
  membership: membershipSchema,
  /** an upgrade: what was charged now and the tokens it added */
  charged: z.object({ amount: z.number(), tokens: z.number().int(), purchaseId: z.string() }).nullable(),
});
export type ChangeTierResponse = z.infer<typeof changeTierResponseSchema>;

/** POST /api/membership/pay-renewal: the failed renewal's payment, for the card form (then /api/complete-purchase) */
export const payRenewalResponseSchema = z.object({
  purchaseId: z.string(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: z.number(),
  productName: z.string(),
});
export type PayRenewalResponse = z.infer<typeof payRenewalResponseSchema>;

/** GET /api/memberships/summary (admins): live members per tier and monthly recurring revenue */
export const membershipSummarySchema = z.object({
  tiers: z.array(z.object({ tierId: z.string(), name: z.string(), members: z.number().int(), monthly: z.number() })),
  members: z.number().int(),
  /** dollars a month from every live membership */
  mrr: z.number(),
});
export type MembershipSummaryDto = z.infer<typeof membershipSummarySchema>;
