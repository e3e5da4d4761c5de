import { z } from 'zod';
import { UUID_SHAPE } from './ids.ts';

/** GET /api/server-status: the game server as last read (every 15 s), for every visitor */
export const serverStatusSchema = z.object({
  /** a game server address is configured (FIVEM_SERVER_URL); false: the figures are not live */
  configured: z.boolean(),
  online: z.boolean(),
  players: z.number().int().nullable(),
  maxPlayers: z.number().int().nullable(),
  hostname: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** the share of the last 30 days' checks the game server answered (0 to 1); null when none were counted */
  uptime: z.number().min(0).max(1).nullable(),
  /** fivem://connect/cfx.re/join/<code> when FIVEM_CONNECT_CODE is set */
  connectUrl: z.string().nullable(),
  /** the connection queue as the game server last reported it (within a minute); null without a report */
  queue: z.object({ waiting: z.number().int(), online: z.number().int(), slots: z.number().int() }).nullable(),
});
export type ServerStatusDto = z.infer<typeof serverStatusSchema>;

/**
 * GET /api/server-figures: what the home and landing figures show beside the live status. `members` is measured (the
 * accounts not banned from the site); `owner` holds the figures the owner set (FIGURE_*), null where none is set.
 */
export const serverFiguresSchema = z.object({
  members: z.number().int().min(0),
  owner: z.object({
    activePlayers: z.string().nullable(),
    serverUptime: z.string().nullable(),
    customVehicles: z.string().nullable(),
    jobSystems: z.string().nullable(),
  }),
});
export type ServerFiguresDto = z.infer<typeof serverFiguresSchema>;

/** GET /api/game/players/:discordId (the game server, with its key) */
export const playerAccessSchema = z.object({
  discordId: z.string(),
  known: z.boolean(),
  whitelisted: z.boolean(),
  banned: z.boolean(),
  /** 0 none, 1 to 5 Bayou Basic to Voodoo Experience, 10 staff and admins */
  priority: z.number().int(),
  tier: z.string().nullable(),
  tokens: z.number().int(),
  /** of `tokens`, those bought with money */
  boughtTokens: z.number().int(),
  /** of `tokens`, those earned or granted (in game, or by staff) */
  earnedTokens: z.number().int(),
});
export type PlayerAccessDto = z.infer<typeof playerAccessSchema>;

/** POST /api/game/players/:discordId/tokens */
export const gameTokenChangeSchema = z.object({
  /** positive credits, negative spends */
  amount: z.number().int(),
  /** the game's id for this change: applied once */
  reference: z.string(),
  reason: z.string(),
});
export type GameTokenChangeRequest = z.infer<typeof gameTokenChangeSchema>;

export const gameTokenChangeResponseSchema = z.object({
  discordId: z.string(),
  balance: z.number().int(),
  /** the reference was applied before: this is that first result, and nothing changed now */
  duplicate: z.boolean(),
});
export type GameTokenChangeResponse = z.infer<typeof gameTokenChangeResponseSchema>;

/** a game server's name as it reports itself (bayou_server_name): letters, digits, spaces and _ . - */
const serverName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 _.-]{1,64}$/, 'a server name is 1 to 64 letters, digits, spaces or _ . -');

/** POST /api/game/grants/poll: the players on the server now; the grants due for them come back, each once */
export const grantPollSchema = z.object({
  server: serverName,
  /** the Discord ids of the players online */
  online: z.array(z.string().regex(/^\d{17,20}$/, 'a Discord id is 17 to 20 digits')).max(2048),
});
export type GrantPollRequest = z.infer<typeof grantPollSchema>;

/** one grant to run: a console command, or an event with its payload */
export const offeredGrantSchema = z.object({
  id: z.string(),
  kind: z.enum(['command', 'event']),
  command: z.string().nullable(),
  event: z.string().nullable(),
  payload: z
    .object({
      grantId: z.string(),
      purchaseId: z.string().nullable(),
      product: z.string(),
      option: z.string().nullable(),
      discordId: z.string(),
      quantity: z.number().int(),
      action: z.string(),
    })
    .nullable(),
  /** the player must be online when it runs */
  needsOnline: z.boolean(),
  discordId: z.string(),
});
export type OfferedGrantDto = z.infer<typeof offeredGrantSchema>;

export const grantPollResponseSchema = z.object({
  grants: z.array(offeredGrantSchema),
  /** more were due than one answer holds: ask again now */
  more: z.boolean(),
  /** how long these are the server's alone; unreported after that, they may be offered again */
  leaseSeconds: z.number().int(),
});
export type GrantPollResponse = z.infer<typeof grantPollResponseSchema>;

/** POST /api/game/grants/reports: what ran and what failed */
export const grantReportSchema = z.object({
  server: serverName,
  reports: z
    .array(
      z.object({
        grantId: z.string().regex(UUID_SHAPE, 'a grant id is the id the site gave'),
        ok: z.boolean(),
        message: z.string().max(1000).nullable().optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type GrantReportRequest = z.infer<typeof grantReportSchema>;

export const grantReportResponseSchema = z.object({
  results: z.array(z.object({ grantId: z.string(), status: z.string() })),
});
export type GrantReportResponse = z.infer<typeof grantReportResponseSchema>;
