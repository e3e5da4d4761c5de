import type { Clock } from '../../core/shared/ports.ts';
import type { SessionStore, StoredSession, UserRepository } from '../../core/users/ports.ts';
import { DEFAULT_SESSION_AGE_MS, KeepsNothingBeside, sessionUserId } from '../persistence/session-store.ts';

/**
 * Sessions in a map, stored as JSON text like the sessions table; the user is read fresh from the users on each get.
 * Every session is read as the table would be: nothing is cached to answer from besides the map itself.
 */
export class InMemorySessionStore extends KeepsNothingBeside implements SessionStore {
  private readonly rows = new Map<string, { sess: string; expire: Date }>();

  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async get(sid: string): Promise<StoredSession | undefined> {
    const row = this.rows.get(sid);
    if (!row || row.expire < this.clock.now()) return undefined;
    const sess = JSON.parse(row.sess) as Record<string, unknown>;
    const userId = sessionUserId(sess);
    return { sess, user: userId ? await this.users.findById(userId) : null, expire: row.expire };
  }

  async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void> {
    const now = this.clock.now();
    for (const [key, row] of this.rows) if (row.expire < now) this.rows.delete(key);
    const expire = new Date(now.getTime() + (Number.isFinite(maxAgeMs) ? maxAgeMs : DEFAULT_SESSION_AGE_MS));
    this.rows.set(sid, { sess: JSON.stringify(sess), expire });
  }

  async destroy(sid: string): Promise<void> {
    this.rows.delete(sid);
  }
}
