import { z } from 'zod';
import { grantSchema } from './grants.ts';
import { PERMISSIONS } from '../../../core/users/model/permissions.ts';
import { AGE_ANSWERS } from '../../../core/users/model/age.ts';

/** what a permission brings with it (refunding needs the purchases in view), for the editor to say before saving */
export { IMPLIED_PERMISSIONS } from '../../../core/users/model/permissions.ts';
export { TOKEN_AMOUNT_MAX } from '../../../core/tokens/model/ledger-entry.ts';

/** GET /api/players?q= (staff): by name (a part of it, any case) or exact Discord id */
export const playerSearchQuerySchema = z.object({ q: z.string().optional() });

export const playerSummarySchema = z.object({
  id: z.string(),
  /** username, then Discord username, then 'Player' */
  name: z.string(),
  discordUsername: z.string().nullable(),
  discordId: z.string(),
  role: z.enum(['player', 'staff', 'admin']),
});
export type PlayerSummaryDto = z.infer<typeof playerSummarySchema>;

export const playerSearchResponseSchema = z.object({ players: z.array(playerSummarySchema) });
export type PlayerSearchResponse = z.infer<typeof playerSearchResponseSchema>;

export const playerProfileSchema = playerSummarySchema.extend({
  username: z.string().nullable(),
  tokens: z.number().int(),
  /** of `tokens`, those bought with money; the rest were earned or granted */
  boughtTokens: z.number().int(),
  /** the game server's rule: an approved application, a live Priority Pass, or a staff role */
  isWhitelisted: z.boolean(),
  /** why they are whitelisted, as the game server counts it; null when they are not */
  whitelistedBy: z.enum(['staff', 'application', 'priority_pass']).nullable(),
  /** 0 none; 1 to 5 by tier; 10 staff: the queue order the game server reads */
  priority: z.number().int(),
  /** the Priority Pass, live or the latest one */
  membership: z
    .object({
      tierName: z.string(),
      status: z.enum(['active', 'past_due', 'ended']),
      cancelAtPeriodEnd: z.boolean(),
      /** the next renewal's date and amount (dollars), when it renews */
      nextCharge: z.object({ date: z.string(), amount: z.number(), tierName: z.string() }).nullable(),
      /** when benefits end without a renewal */
      benefitsUntil: z.string().nullable(),
      endedAt: z.string().nullable(),
    })
    .nullable(),
  banned: z.boolean(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  /** banned from the store after a payment dispute */
  storeBan: z.object({ reason: z.string(), createdAt: z.string() }).nullable(),
  /** what they declared about their age at their first purchase, and when; null before it */
  ageDeclaration: z.object({ answer: z.enum(AGE_ANSWERS), label: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PlayerProfileDto = z.infer<typeof playerProfileSchema>;

/** One permission on the player page: held or not, and why (the role's preset, a single grant, a revocation). */
export const permissionStateSchema = z.object({
  permission: z.enum(PERMISSIONS),
  label: z.string(),
  held: z.boolean(),
  source: z.enum(['role', 'granted', 'implied', 'revoked', 'none']),
  /** the held permission that brings this one, when it is held only through it */
  impliedBy: z.enum(PERMISSIONS).nullable(),
});
export type PermissionStateDto = z.infer<typeof permissionStateSchema>;

export const timelineKindSchema = z.enum([
  'purchase',
  'purchase_status',
  'ledger',
  'application',
  'decision',
  'store_ban',
  'account_action',
  'delivery',
  'membership',
]);
export type TimelineKind = z.infer<typeof timelineKindSchema>;

/** One thing that happened to the player, ready to read. */
export const timelineEntrySchema = z.object({
  id: z.string(),
  kind: timelineKindSchema,
  at: z.string(),
  title: z.string(),
  /** the word for where it stands (a purchase's buyer view, an application, a delivery), if it has one */
  status: z.string().nullable(),
  detail: z.string().nullable(),
  /** review notes or the reason given for an action */
  notes: z.string().nullable(),
  actor: z.object({ name: z.string(), discordId: z.string().nullable() }).nullable(),
  channel: z.enum(['web', 'cli']).nullable(),
  /** purchase entries: opens the purchase details */
  purchaseId: z.string().nullable(),
});
export type TimelineEntryDto = z.infer<typeof timelineEntrySchema>;

/** GET /api/players/:id (staff): the profile and the timeline, newest first */
export const playerPageSchema = z.object({
  player: playerProfileSchema,
  /** every permission and whether the player holds it */
  permissions: z.array(permissionStateSchema),
  timeline: z.array(timelineEntrySchema),
  /** some kinds had more than `perKind` rows: only the newest of each are shown */
  truncated: z.boolean(),
  perKind: z.number().int(),
  /** what the game server ran or is to run for the player, newest first */
  grants: z.array(grantSchema),
});
export type PlayerPageDto = z.infer<typeof playerPageSchema>;

const reason = z.string({ error: 'Give a reason.' });

/** POST /api/players/:id/tokens (admin) */
export const adjustTokensSchema = z.object({
  direction: z.enum(['credit', 'debit'], { error: 'Choose to add or take tokens.' }),
  amount: z.number({ error: 'The amount must be a whole number.' }),
  reason,
});
/** POST /api/players/:id/ban and /unban (admin) */
export const banSchema = z.object({ reason });
/** POST /api/players/:id/role (admin) */
export const changeRoleSchema = z.object({
  role: z.enum(['player', 'staff', 'admin'], { error: 'Choose a role: player, staff or admin.' }),
  reason: z.string().optional(),
});

/** POST /api/players/:id/permissions (manage-roles): the permissions to grant and to revoke, by id. */
export const changePermissionsSchema = z.object({
  grant: z
    .array(z.string(), { error: 'Give the permissions to grant as a list.' })
    .max(PERMISSIONS.length * 2)
    .optional(),
  revoke: z
    .array(z.string(), { error: 'Give the permissions to revoke as a list.' })
    .max(PERMISSIONS.length * 2)
    .optional(),
  reason: z.string().optional(),
});
export type ChangePermissionsInput = z.infer<typeof changePermissionsSchema>;

/** What every admin action answers: the profile and the permissions as they are now. */
export const playerActionResponseSchema = z.object({
  player: playerProfileSchema,
  permissions: z.array(permissionStateSchema),
});
export type PlayerActionResponse = z.infer<typeof playerActionResponseSchema>;
