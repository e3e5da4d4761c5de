import { z } from 'zod';
import {
  CREATOR_CODE_MAX_LENGTH,
  creatorCodeSchema,
  sharePercentSchema,
} from '../../../core/creators/model/creator.ts';
import { MONTH_PATTERN } from '../../../core/creators/model/month.ts';

export { CREATOR_CODE_MAX_LENGTH, creatorCodeSchema, sharePercentSchema, MONTH_PATTERN };

export const creatorSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** whole percent of the money taken */
  sharePercent: z.number().int(),
  /** the creator's account */
  discordId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** a disabled code is refused at checkout; null while it is in use */
  disabledAt: z.string().nullable(),
});
export type CreatorDto = z.infer<typeof creatorSchema>;

/** GET /api/creators (admin): every creator, by code */
export const creatorsResponseSchema = z.object({ creators: z.array(creatorSchema) });
export type CreatorsResponse = z.infer<typeof creatorsResponseSchema>;

/** POST /api/creators (admin): an existing player becomes a creator */
export const addCreatorSchema = z.object({
  discordId: z
    .string()
    .trim()
    .min(1, "Enter the player's Discord ID.")
    .max(32, 'A Discord ID has at most 32 digits.')
    .regex(/^\d+$/, 'A Discord ID has only digits.'),
  code: creatorCodeSchema,
  sharePercent: sharePercentSchema,
});
export type AddCreatorRequest = z.infer<typeof addCreatorSchema>;

/** What a code brought in over a month: completed purchases by completion time, refunded or disputed ones apart. */
export const creatorFiguresSchema = z.object({
  sales: z.number().int(),
  /** dollars taken for those sales */
  taken: z.number(),
  /** dollars owed to the creator: their share of `taken` */
  shareOwed: z.number(),
  /** purchases of the month refunded or disputed since: owed nothing */
  refunds: z.number().int(),
  /** dollars of those */
  refunded: z.number(),
});
export type CreatorFiguresDto = z.infer<typeof creatorFiguresSchema>;

/** GET /api/creators/report?month=YYYY-MM (admin; this month when absent) */
export const creatorReportQuerySchema = z.object({
  month: z
    .string()
    .trim()
    .regex(MONTH_PATTERN, 'Pick a month from 2000-01 to 2999-12 as YYYY-MM, like 2026-11.')
    .optional(),
});

export const creatorReportSchema = z.object({
  /** YYYY-MM, UTC */
  month: z.string(),
  rows: z.array(creatorFiguresSchema.extend({ creator: creatorSchema })),
  totals: creatorFiguresSchema,
});
export type CreatorReportDto = z.infer<typeof creatorReportSchema>;

/** GET /api/creator-codes/:code (signed in): the code as registered, when the buyer may use it */
export const creatorCodeCheckSchema = z.object({ code: z.string() });
export type CreatorCodeCheckDto = z.infer<typeof creatorCodeCheckSchema>;

/** GET /api/user/creator: the signed-in player's own code and figures; `creator` is null for a player who is no creator */
export const myCreatorSchema = z.object({
  creator: z
    .object({
      code: z.string(),
      sharePercent: z.number().int(),
      disabledAt: z.string().nullable(),
      /** this month, then the last */
      months: z.array(creatorFiguresSchema.extend({ month: z.string() })),
    })
    .nullable(),
});
export type MyCreatorDto = z.infer<typeof myCreatorSchema>;
