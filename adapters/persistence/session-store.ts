import type { User } from '../../core/users/user.ts';

export interface StoredSession {
  sess: Record<string, unknown>;
  /** the session's user as the store holds it now, read with the session; null when there is none */
  user: User | null;
  /** when the session row expires (absent from stores that do not say) */
  expire?: Date;
}

/** The session middleware's store: sessions by id, each with an expire instant. */
export interface SessionStore {
  /** The session and its user read fresh; undefined once its expire instant has passed (it is valid up to and including it). */
  get(sid: string): Promise<StoredSession | undefined>;
  /**
   * The session as this process keeps it in memory, when it can answer at once (no database read, no promise), as
   * `get` would answer it; undefined otherwise (ask `get`). Stores that keep nothing leave it out.
   */
  kept?(sid: string): StoredSession | undefined;
  /**
   * Keeps `value` beside session `sid` as this process keeps it in memory, under `key`, dropped with the session (on
   * any change to it or its user). Kept only when nothing has changed since `since` (a `moment()` taken before the
   * session was read), so the value was made from the session as kept.
   */
  keepBeside?(sid: string, key: string, value: unknown, since: number): void;
  /**
   * The session as kept in memory (the store's own: read it, never change it) with what was kept beside it under
   * `key`; undefined when either is not kept, or nothing may be served from memory.
   */
  beside?(sid: string, key: string): { stored: StoredSession; value: unknown } | undefined;
  /** A mark of the changes heard so far (see keepBeside). */
  moment?(): number;
  /** Writes the session (replacing one with the same id) to expire `maxAgeMs` from now, a day when that is not a finite number. */
  set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
}

/** How long a session lives when it is given no finite max age. */
export const DEFAULT_SESSION_AGE_MS = 86_400_000;

/** The user id inside a session, when it has the shape of one. */
export function sessionUserId(sess: Record<string, unknown>): string | null {
  const id = sess.userId;
  return typeof id === 'string' && /^[0-9a-fA-F-]{36}$/.test(id) ? id : null;
}
