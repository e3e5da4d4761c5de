export const ROLES = ['player', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: string;
  discordId: string;
  discordUsername: string | null;
  username: string | null;
  email: string | null;
  discordAvatar: string | null;
  discordDiscriminator: string | null;
  role: Role;
  tokens: number;
  isWhitelisted: boolean;
  whitelistTier: string | null;
  gangTier: string | null;
  bannedAt: Date | null;
  banReason: string | null;
  /** permissions granted on top of the role's preset (ids of PERMISSIONS; unknown ones are ignored) */
  permissionGrants?: readonly string[];
  /** permissions of the role's preset taken away from this user */
  permissionRevocations?: readonly string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A banned user cannot sign in or buy. */
export function isBanned(user: Pick<User, 'bannedAt'>): boolean {
  return user.bannedAt !== null;
}

/** The name shown to people: username, then Discord username, then 'Player'. */
export function displayName(user: Pick<User, 'username' | 'discordUsername'>): string {
  return user.username || user.discordUsername || 'Player';
}
