import type { SignInIdentity } from './model/identity.ts';
import type { Permission } from './model/permissions.ts';
import type { AgeDeclaration } from './model/age.ts';
import type { Role, User } from './model/user.ts';

export interface UserQuery {
  role?: Role;
}

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByDiscordId(discordId: string): Promise<User | null>;
  /** oldest first */
  list(query: UserQuery): Promise<User[]>;
  /** How many accounts are not banned from the site: the community's members, as the site's figures count them. */
  countMembers(): Promise<number>;
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
  /** Stores the buyer's age declaration unless one is stored already (the first stands); false when none was written. */
  declareAge(id: string, declaration: AgeDeclaration): Promise<boolean>;
  /** null lifts the ban */
  setBan(id: string, ban: { at: Date; reason: string } | null, now: Date): Promise<User | null>;
  /** Replaces the user's single grants and revocations (on top of the role's preset). */
  setPermissions(
    id: string,
    permissions: { grants: readonly Permission[]; revocations: readonly Permission[] },
    now: Date,
  ): Promise<User | null>;
  /**
   * Inside a transaction: waits for, then holds until commit, the one lock every change of who holds which
   * permission takes (role, grants and revocations, bans), so such changes run one after the other.
   */
  lockAccessChanges(): Promise<void>;
  /** Users who are not banned and hold some permission: a role other than player, or a single grant. */
  withAccess(): Promise<User[]>;
}

export interface StoredSession {
  sess: Record<string, unknown>;
  /** the session's user as the store holds it now, read with the session; null when there is none */
  user: User | null;
  /** when the session row expires */
  expire: Date;
}

/**
 * The signed-in browsers' sessions, by id, each with an expire instant and read with its user. A store may cache
 * sessions in this process's memory to answer without a read; one that caches nothing answers every memory question
 * with nothing cached (ask `get`), and its mark of changes never moves.
 */
export interface SessionStore {
  /** The session and its user read fresh; undefined once its expire instant has passed (it is valid up to and including it). */
  get(sid: string): Promise<StoredSession | undefined>;
  /**
   * The session as this process caches it in memory, when it can answer at once (no database read, no promise), as
   * `get` would answer it; undefined otherwise (ask `get`).
   */
  cached(sid: string): StoredSession | undefined;
  /**
   * Caches `value` beside session `sid` as this process caches it in memory, under `key`, dropped with the session (on
   * any change to it or its user). Cached only when nothing has changed since `since` (a `moment()` taken before the
   * session was read), so the value was made from the session as cached; a session not cached caches nothing beside it.
   */
  cacheBeside(sid: string, key: string, value: unknown, since: number): void;
  /**
   * The session as cached in memory (the store's own: read it, never change it) with what was cached beside it under
   * `key`; undefined when either is not cached, or nothing may be served from memory.
   */
  beside(sid: string, key: string): { stored: StoredSession; value: unknown } | undefined;
  /** A mark of the changes heard so far (see cacheBeside). */
  moment(): number;
  /** Writes the session (replacing one with the same id) to expire `maxAgeMs` from now, a day when that is not a finite number. */
  set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
}
