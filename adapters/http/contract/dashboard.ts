import { z } from 'zod';
import { CHART_WINDOWS } from '../../../core/dashboard/use-cases/show-dashboard-charts.ts';
import { PLATFORM_RULES } from '../../../core/catalogue/model/platform-rules.ts';

export { CHART_WINDOWS };

/** GET /api/dashboard/charts?days=30|90 (view-purchases): the window of the daily and weekly charts, 30 days unless given */
export const dashboardChartsQuerySchema = z.object({
  days: z
    .enum(CHART_WINDOWS.map(String) as ['30', '90'], { message: `Days must be ${CHART_WINDOWS.join(' or ')}.` })
    .default('30')
    .transform(Number),
});

export const dashboardChartsSchema = z.object({
  days: z.number().int(),
  /** every UTC day of the window, oldest first: completed purchases and the dollars taken (refunds and disputes not) */
  money: z.array(z.object({ day: z.string(), purchases: z.number().int(), taken: z.number() })),
  /** every product type, over the window */
  productTypes: z.array(z.object({ productType: z.string(), purchases: z.number().int(), taken: z.number() })),
  /** the Priority Pass per month (UTC) since the first membership, at most 12 months */
  memberships: z.object({
    tiers: z.array(z.object({ id: z.string(), name: z.string() })),
    months: z.array(
      z.object({
        /** "2026-11" */
        month: z.string(),
        /** dollars taken that month for the pass's monthly charges, per tier id */
        mrr: z.record(z.string(), z.number()),
        /** live memberships at the month's end (now, for this month), per tier id */
        members: z.record(z.string(), z.number().int()),
      }),
    ),
  }),
  /** every week (its Monday, UTC) the window touches: applications sent, decided, and the median hours to a decision */
  applications: z.array(
    z.object({
      week: z.string(),
      submitted: z.number().int(),
      decided: z.number().int(),
      medianDecisionHours: z.number().nullable(),
    }),
  ),
});
export type DashboardChartsResponse = z.infer<typeof dashboardChartsSchema>;

/** GET /api/dashboard/reviewers?days=30|90 (view-purchases): the reviewer figures over the charts' window (decision 0106) */
export const reviewerFiguresSchema = z.object({
  days: z.number().int(),
  /** every reviewer who voted in the window, the most votes first */
  reviewers: z.array(
    z.object({
      name: z.string(),
      votes: z.number().int(),
      /** median hours from an application's sending to their vote */
      medianHoursToVote: z.number().nullable(),
      /** their approvals and denials on applications decided since */
      judged: z.number().int(),
      /** the share of those that went the way the application was decided, in percent */
      agreementPercent: z.number().nullable(),
    }),
  ),
  /** whitelist, staff and appeal: decided in the window, the median hours to a decision, the share within 48 hours */
  kinds: z.array(
    z.object({
      kind: z.enum(['whitelist', 'staff', 'appeal']),
      decided: z.number().int(),
      medianHoursToDecision: z.number().nullable(),
      within48HoursPercent: z.number().nullable(),
    }),
  ),
});
export type ReviewerFiguresResponse = z.infer<typeof reviewerFiguresSchema>;

/**
 * GET /api/dashboard/rules (view-purchases): the rules the store sells under, as its settings make them, and the
 * catalogue's items that risk the FiveM platform's rules (as `catalogue check` lists them).
 */
export const storeRulesSchema = z.object({
  /** FIVEM_LISTED: the platform licence applies; `fivemListedSet` false when it follows GAME_API_KEY */
  fivemListed: z.boolean(),
  fivemListedSet: z.boolean(),
  gateway: z.enum(['demo', 'stripe', 'tebex']),
  /** PURCHASE_TOKENS: purchases credit tokens */
  purchaseTokens: z.boolean(),
  /** the version of the withdrawal consent's wording asked at every checkout */
  withdrawalConsentVersion: z.string(),
  /** receipts by email: the mail server's host, or null when they are written as files */
  mailHost: z.string().nullable(),
  items: z.number().int(),
  risks: z.array(z.object({ id: z.string(), name: z.string(), rule: z.enum(PLATFORM_RULES), why: z.string() })),
});
export type StoreRulesDto = z.infer<typeof storeRulesSchema>;
