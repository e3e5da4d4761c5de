import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from '../../../core/memberships/model/membership.ts';

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
  /** a gifted pass: paid once by another player, it ends at currentPeriodEnd and is never charged */
  gifted: z.boolean(),
  /** a gifted pass's months and the tokens it gave, all at once when it started (`startedAt`); null otherwise */
  gift: z.object({ months: z.number().int(), tokens: z.number().int() }).nullable(),
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
  /** dollars: the charge now the player's dialog showed (from the preview); a different charge is refused */
  expectedCharge: z
    .number({ error: 'The confirmed charge must be a number of dollars.' })
    .min(0, 'The confirmed charge cannot be negative.')
    .max(100_000, 'The confirmed charge is out of range.')
    .optional(),
});

/** GET /api/membership/preview?action=cancel|resume|change-tier&tierId= */
export const membershipPreviewQuerySchema = z
  .object({
    action: z.enum(['cancel', 'resume', 'change-tier'], { error: 'Pick cancel, resume or change-tier.' }),
    tierId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => query.action !== 'change-tier' || query.tierId, {
    path: ['tierId'],
    message: 'Choose a tier to change to.',
  });

const chargeSchema = z.object({ date: z.string(), amount: z.number(), tierName: z.string() });

/** What the action would do now: dates are ISO times, amounts dollars. */
export const membershipPreviewSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('cancel'),
    endsNow: z.boolean(),
    benefitsUntil: z.string(),
    canResume: z.boolean(),
  }),
  z.object({ action: z.literal('resume'), nextCharge: chargeSchema }),
  z.object({
    action: z.literal('change-tier'),
    kind: z.enum(['upgrade', 'downgrade', 'unchanged']),
    tierName: z.string(),
    chargeNow: z.number(),
    tokensNow: z.number().int(),
    startsAt: z.string(),
    nextCharge: chargeSchema,
    /**
     * the pass's coupon while it lowers a month: dollars it takes off this month on the chosen tier (0 once its
     * months are over) and off the next charge; null without one
     */
    coupon: z.object({ code: z.string(), offNow: z.number(), offNext: z.number() }).nullable(),
  }),
]);
export type MembershipPreviewDto = z.infer<typeof membershipPreviewSchema>;

/** POST /api/membership/change-tier: an upgrade charged now (amount, tokens), or a downgrade at renewal */
export const changeTierResponseSchema = z.object({
  change: z.enum(['upgrade', 'downgrade', 'unchanged']),
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
