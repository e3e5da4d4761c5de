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

const RANK: Record<Role, number> = { player: 0, staff: 1, admin: 2 };

/** Admins can do everything staff can. */
export function hasRole(user: Pick<User, 'role'>, needed: Role): boolean {
  return RANK[user.role] >= RANK[needed];
}

/** A banned user cannot sign in or buy. */
export function isBanned(user: Pick<User, 'bannedAt'>): boolean {
  return user.bannedAt !== null;
}

/** The name shown to people: username, then Discord username, then 'Player'. */
export function displayName(user: Pick<User, 'username' | 'discordUsername'>): string {
  return user.username || user.discordUsername || 'Player';
}
