import { z } from 'zod';

/** GET /api/user/tokens: the balance, and its parts bought with money and earned or granted */
export const tokenBalanceSchema = z.object({
  tokens: z.number().int().min(0),
  boughtTokens: z.number().int().min(0),
  earnedTokens: z.number().int().min(0),
});
export type TokenBalanceDto = z.infer<typeof tokenBalanceSchema>;

export const tokenEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** how the entry moved the part of the balance bought with money */
  boughtDelta: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type TokenEntryDto = z.infer<typeof tokenEntrySchema>;

/** GET /api/user/tokens/history */
export const tokenHistorySchema = z.object({ entries: z.array(tokenEntrySchema) });
export type TokenHistoryDto = z.infer<typeof tokenHistorySchema>;
