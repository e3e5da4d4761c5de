/** The game server's status checks, counted per hour: what its uptime is measured from. */
export interface ServerCheckLog {
  /** counts one check made in the hour starting at `hour`, and whether the game server answered it */
  count(hour: Date, online: boolean): Promise<void>;
  /** the checks counted in the hours from `since` on, and how many of them the game server answered */
  totalSince(since: Date): Promise<{ checks: number; online: number }>;
}
