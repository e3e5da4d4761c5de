import { z } from 'zod';

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
