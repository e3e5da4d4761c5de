import type { Clock } from '../../core/shared/ports.ts';
import type { Database } from './database.ts';

const PURGE_EVERY_MS = 60 * 60_000;

/** koa-session's external store over the sessions table (sid, sess, expire), shared by every server process. */
export class MikroOrmSessionStore {
  private lastPurge = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async get(sid: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.database.em.execute<{ sess: string }[]>(`select "sess" from "sessions" where "sid" = ? and "expire" > ?`, [sid, this.clock.now()]);
    if (!row) return undefined;
    try {
      return JSON.parse(row.sess) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void> {
    const now = this.clock.now();
    const expire = new Date(now.getTime() + (Number.isFinite(maxAgeMs) ? maxAgeMs : 86_400_000));
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
