import type { SignInIdentity } from './identity.ts';
import type { Role, User } from './user.ts';

export interface UserQuery {
  role?: Role;
}

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByDiscordId(discordId: string): Promise<User | null>;
  /** oldest first */
  list(query: UserQuery): Promise<User[]>;
  /**
   * Players whose username or Discord username contains `text` (any case), or whose Discord id is exactly
   * `text`; the exact id first, then by name. At most `limit`.
   */
  search(text: string, limit: number): Promise<User[]>;
  /**
   * Creates the user or refreshes its profile, atomically by the unique discordId (two racing sign-ins
   * give one user). A new user gets `newId` and the player role; `admin` raises the role to admin.
   */
  upsertIdentity(identity: SignInIdentity, options: { newId: string; now: Date; admin: boolean }): Promise<User>;
  setRole(id: string, role: Role, now: Date): Promise<User | null>;
  /** null lifts the ban */
  setBan(id: string, ban: { at: Date; reason: string } | null, now: Date): Promise<User | null>;
}
