import type { Clock } from '../../core/shared/ports.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { Database } from './database.ts';
import type { SessionStore, StoredSession } from '../../core/users/ports.ts';
import type { User } from '../../core/users/model/user.ts';

/** sessions cached per process; the least recently read go first beyond this */
const MAX_ENTRIES = 20_000;
/** values cached beside one session at most (a query string makes another address) */
const MAX_BESIDE = 4;
/** changes remembered for the reads under way; beyond this, no read under way is cached */
const MAX_CHANGES_ASKED = 10_000;

interface Entry {
  stored: StoredSession;
  expire: number;
  /** what was made from this session as cached (answers sent again): it goes with the entry */
  beside?: Map<string, unknown>;
}

/**
 * Sessions and their users in this process's memory, so a signed-in request reads no database. Every change that
 * must be seen drops what it touches at once: this process's own writes (`Database.changed`, again at commit), and
 * every other process's through the change feed (the database triggers' NOTIFY, or their log on PGlite). A read
 * that was under way while anything changed is not cached, and while the feed cannot hear, nothing is served from
 * memory. Started on the first read, so processes that never read sessions (the CLI) never listen.
 */
export class CachedSessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sidsOfUser = new Map<string, Set<string>>();
  /** moves on every change heard: a value made beside a session before it is not cached */
  private generation = 0;
  /**
   * the generation each session and user last changed at, for the reads under way: a session read that began before
   * a change to it or to its user is not cached, while changes to others leave it be (a launch evening's purchases
   * change a user every few milliseconds)
   */
  private readonly changedAt = new Map<string, number>();
  /** a read that began before this generation is not cached: everything changed, or `changedAt` was emptied */
  private floor = 0;
  private reading = 0;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly inner: SessionStore,
    private readonly database: Database,
    private readonly feed: ChangeFeed,
    private readonly clock: Clock,
    /** hears each user read with a session from the database */
    private readonly onUserRead: (user: User) => void = () => {},
  ) {}

  async get(sid: string): Promise<StoredSession | undefined> {
    if (!this.starting) this.starting = this.start();
    await this.starting;
    const cached = this.cached(sid);
    if (cached) return cached;
    // not cached, or cached past its expire instant (dropped now)
    if (this.feed.hearing) this.forget(sid);
    const since = this.generation;
    this.reading++;
    let stored: StoredSession | undefined;
    try {
      stored = await this.inner.get(sid);
    } finally {
      this.reading--;
    }
    if (stored?.user) this.onUserRead(stored.user);
    if (stored && this.feed.hearing && this.unchangedSince(since, sid, stored.user?.id)) this.cache(sid, stored);
    // no read is left to ask when anything changed
    if (this.reading === 0) this.changedAt.clear();
    return stored;
  }

  /** whether neither the session nor its user changed after `since` */
  private unchangedSince(since: number, sid: string, userId: string | undefined): boolean {
    if (since < this.floor) return false;
    const changed = (key: string) => (this.changedAt.get(key) ?? -1) >= since;
    return !changed(`session:${sid}`) && !(userId && changed(`user:${userId}`));
  }

  cached(sid: string): StoredSession | undefined {
    const entry = this.servable(sid);
    return entry && copy(entry.stored);
  }

  cacheBeside(sid: string, key: string, value: unknown, since: number): void {
    const entry = this.entries.get(sid);
    if (!entry || since !== this.generation || !this.feed.hearing) return;
    entry.beside ??= new Map();
    if (entry.beside.size < MAX_BESIDE || entry.beside.has(key)) entry.beside.set(key, value);
  }

  beside(sid: string, key: string): { stored: StoredSession; value: unknown } | undefined {
    const entry = this.servable(sid);
    const value = entry?.beside?.get(key);
    return value === undefined ? undefined : { stored: (entry as Entry).stored, value };
  }

  moment(): number {
    return this.generation;
  }

  /** The entry of `sid` when it may be served from memory, moved to the end of the map (most recently read). */
  private servable(sid: string): Entry | undefined {
    const entry = this.entries.get(sid);
    // nothing is cached before the feed has started, and nothing is served while it cannot hear
    if (!entry || !this.feed.hearing || entry.expire < this.clock.now().getTime()) return undefined;
    // most recently read last: the first in the map are the first to go
    this.entries.delete(sid);
    this.entries.set(sid, entry);
    return entry;
  }

  async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void> {
    await this.inner.set(sid, sess, maxAgeMs);
    this.database.changed(`session:${sid}`);
  }

  async destroy(sid: string): Promise<void> {
    await this.inner.destroy(sid);
    this.database.changed(`session:${sid}`);
  }

  async stop(): Promise<void> {
    await this.feed.stop();
  }

  private async start(): Promise<void> {
    this.database.onChange((key) => this.heard(key));
    await this.feed.start();
  }

  private heard(key: string): void {
    const at = this.generation++;
    if (key === '*' || this.changedAt.size >= MAX_CHANGES_ASKED) {
      // everything is older than now
      this.floor = this.generation;
      this.changedAt.clear();
    } else if (this.reading > 0) this.changedAt.set(key, at);
    if (key === '*') {
      this.entries.clear();
      this.sidsOfUser.clear();
    } else if (key.startsWith('session:')) this.forget(key.slice('session:'.length));
    else if (key.startsWith('user:')) {
      for (const sid of this.sidsOfUser.get(key.slice('user:'.length)) ?? []) this.forget(sid);
    }
  }

  private cache(sid: string, stored: StoredSession): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(sid, { stored: copy(stored), expire: stored.expire.getTime() });
    const userId = stored.user?.id;
    if (userId) {
      const sids = this.sidsOfUser.get(userId) ?? new Set<string>();
      sids.add(sid);
      this.sidsOfUser.set(userId, sids);
    }
  }

  private forget(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    const userId = entry.stored.user?.id;
    if (!userId) return;
    const sids = this.sidsOfUser.get(userId);
    sids?.delete(sid);
    if (sids && sids.size === 0) this.sidsOfUser.delete(userId);
  }
}

/**
 * What a caller gets may be changed by it (the session middleware writes into the session): never the cached one. Sessions and
 * users hold plain values, so a copy of each is enough; a session holding a nested value is copied whole.
 */
function copy(stored: StoredSession): StoredSession {
  const { sess, user } = stored;
  let flat = true;
  for (const key in sess) {
    const value = sess[key];
    if (value !== null && typeof value === 'object') {
      flat = false;
      break;
    }
  }
  return {
    ...stored,
    sess: flat ? { ...sess } : structuredClone(sess),
    user: user ? { ...user } : null,
  };
}
