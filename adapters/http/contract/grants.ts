import { z } from 'zod';
import { GRANT_ACTIONS, GRANT_EVENT_KINDS, GRANT_STATUSES, grantNoteSchema } from '../../../core/grants/model/grant.ts';
import { UUID_SHAPE } from './ids.ts';

export const grantStatusSchema = z.enum(GRANT_STATUSES);
export type GrantStatusDto = z.infer<typeof grantStatusSchema>;

/** One line of a grant's timeline. */
export const grantEventSchema = z.object({
  kind: z.enum(GRANT_EVENT_KINDS),
  at: z.string(),
  server: z.string().nullable(),
  message: z.string().nullable(),
  actor: z.string().nullable(),
});

/** What the game server runs for a purchase, as staff see it: what, for whom, where it stands, and its timeline. */
export const grantSchema = z.object({
  id: z.string(),
  purchaseId: z.string().nullable(),
  userId: z.string().nullable(),
  discordId: z.string(),
  productId: z.string(),
  optionId: z.string().nullable(),
  action: z.enum(GRANT_ACTIONS),
  /** the console command, or `event <name>` */
  runs: z.string(),
  needsOnline: z.boolean(),
  status: grantStatusSchema,
  server: z.string().nullable(),
  ranAt: z.string().nullable(),
  result: z.string().nullable(),
  resendOf: z.string().nullable(),
  createdAt: z.string(),
  timeline: z.array(grantEventSchema),
});
export type GrantDto = z.infer<typeof grantSchema>;

/** Where a purchase's things stand in the game, as its player reads it; null where it gives nothing in the game. */
export const inGameDeliverySchema = z
  .discriminatedUnion('state', [
    z.object({ state: z.literal('waiting') }),
    z.object({ state: z.literal('delivered'), at: z.string() }),
    z.object({ state: z.literal('failed'), message: z.string() }),
  ])
  .nullable();
export type InGameDeliveryDto = z.infer<typeof inGameDeliverySchema>;

/** GET /api/grants (staff): the newest grants, all, not run yet or failed; of one player or everyone */
export const grantsQuerySchema = z.object({
  filter: z.enum(['pending', 'failed']).optional(),
  player: z.string().regex(UUID_SHAPE, 'a player is named by their id').optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const grantsResponseSchema = z.object({ grants: z.array(grantSchema) });
export type GrantsResponse = z.infer<typeof grantsResponseSchema>;

/** POST /api/grants/:id/done: what staff did by hand */
export const grantDoneSchema = z.object({ note: grantNoteSchema });
/** POST /api/grants/:id/cancel */
export const grantCancelSchema = z.object({ reason: z.string().trim().max(500).optional() });

/** the grant as the change left it (a resend: the new grant) */
export const grantResponseSchema = z.object({ grant: grantSchema });
export type GrantResponse = z.infer<typeof grantResponseSchema>;
