import type { Clock } from '../../core/shared/ports.ts';
import type { SessionStore, StoredSession } from '../../core/users/ports.ts';
import type { Database } from './database.ts';
import { userFromColumns } from './mikro-orm-user-repository.ts';
import { DEFAULT_SESSION_AGE_MS, KeepsNothingBeside } from './session-store.ts';

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The session store over the sessions table (sid, sess, expire), shared by every server process. It keeps nothing in
 * memory (CachedSessionStore does, over it): every session is read from the table.
 */
export class MikroOrmSessionStore extends KeepsNothingBeside implements SessionStore {
  private lastPurge = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** The session and its user in one indexed join: the read every signed-in request makes. */
  async get(sid: string): Promise<StoredSession | undefined> {
    // the user id inside the session's JSON (the sessions table has no column for it), checked before the cast
    const [row] = await this.database.query<Record<string, unknown> & { sess: string; session_expire: Date | string }>(
      `select s."sess", s."expire" as "session_expire", u.* from "sessions" s
       left join "users" u on u."id" = case when s."sess"::json ->> 'userId' ~ '^[0-9a-fA-F-]{36}$' then (s."sess"::json ->> 'userId')::uuid end
       where s."sid" = ? and s."expire" >= ?`,
      [sid, this.clock.now()],
    );
    if (!row) return undefined;
    let sess: Record<string, unknown>;
    try {
      sess = JSON.parse(row.sess) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const user = row.id ? userFromColumns(row) : null;
    return { sess, user, expire: new Date(row.session_expire) };
  }

  async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void> {
    const now = this.clock.now();
    const expire = new Date(now.getTime() + (Number.isFinite(maxAgeMs) ? maxAgeMs : DEFAULT_SESSION_AGE_MS));
    await this.database.em.execute(
      `insert into "sessions" ("sid", "sess", "expire") values (?, ?, ?)
       on conflict ("sid") do update set "sess" = excluded."sess", "expire" = excluded."expire"`,
      [sid, JSON.stringify(sess), expire],
    );
    if (now.getTime() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      await this.database.em.execute(`delete from "sessions" where "expire" < ?`, [now]);
    }
  }

  async destroy(sid: string): Promise<void> {
    await this.database.em.execute(`delete from "sessions" where "sid" = ?`, [sid]);
  }
}
