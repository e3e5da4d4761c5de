import type { AgeDeclaration } from './age.ts';

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
  /** the part of `tokens` bought with money (a purchase's credit); the rest was earned or granted */
  boughtTokens: number;
  isWhitelisted: boolean;
  whitelistTier: string | null;
  gangTier: string | null;
  bannedAt: Date | null;
  banReason: string | null;
  /** permissions granted on top of the role's preset (ids of PERMISSIONS; unknown ones are ignored) */
  permissionGrants?: readonly string[];
  /** permissions of the role's preset taken away from this user */
  permissionRevocations?: readonly string[];
  /** what they declared about their age at their first purchase; absent or null before it */
  ageDeclaration?: AgeDeclaration | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The tokens a user holds that were earned or granted rather than bought. */
export function earnedTokens(user: Pick<User, 'tokens' | 'boughtTokens'>): number {
  return user.tokens - user.boughtTokens;
}

/** A banned user cannot sign in or buy. */
export function isBanned(user: Pick<User, 'bannedAt'>): boolean {
  return user.bannedAt !== null;
}

/** The name shown to people: username, then Discord username, then 'Player'. */
export function displayName(user: Pick<User, 'username' | 'discordUsername'>): string {
  return user.username || user.discordUsername || 'Player';
}
