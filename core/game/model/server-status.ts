/** The game server as last seen: whether it answered, and how full it is. */
export interface ServerStatus {
  /** a game server address is configured */
  configured: boolean;
  /** it answered the last check */
  online: boolean;
  players: number | null;
  maxPlayers: number | null;
  hostname: string | null;
  /** when it was last checked; null before the first check */
  updatedAt: Date | null;
  /** the share of the last 30 days' checks it answered (0 to 1); null before one was counted */
  uptime: number | null;
}

/** Where the status comes from: read from memory, never from the game server on a player's request. */
export interface ServerStatusSource {
  current(): ServerStatus;
}

export const NO_GAME_SERVER: ServerStatusSource = {
  current: () => ({
    configured: false,
    online: false,
    players: null,
    maxPlayers: null,
    hostname: null,
    updatedAt: null,
    uptime: null,
  }),
};
