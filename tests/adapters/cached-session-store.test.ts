import { describe, expect, it } from 'vitest';
import type { SessionStore, StoredSession } from '../../core/users/ports.ts';
import { CachedSessionStore } from '../../adapters/persistence/cached-session-store.ts';
import type { ChangeFeed } from '../../adapters/persistence/change-feed.ts';
import type { Database } from '../../adapters/persistence/database.ts';

/**
 * The per-process session cache with its reads held open: what changes while a read is under way decides whether the
 * session read is cached. The database's own behaviour is in tests/contracts/session-store.test.ts.
 */
function harness() {
  const held = new Map<string, (stored: StoredSession) => void>();
  const stored = (sid: string, userId: string): StoredSession => ({
    sess: { userId, sid },
    user: { id: userId } as StoredSession['user'],
    expire: new Date(Date.now() + 3_600_000),
  });
  let reads = 0;
  const inner = {
    get: (sid: string) => {
      reads++;
      return new Promise<StoredSession>((done) => held.set(sid, done));
    },
  } as unknown as SessionStore;
  const listeners: Array<(key: string) => void> = [];
  const database = {
    onChange: (listener: (key: string) => void) => listeners.push(listener),
  } as unknown as Database;
  const feed = { hearing: true, start: async () => {}, stop: async () => {} } as unknown as ChangeFeed;
  const store = new CachedSessionStore(inner, database, feed, { now: () => new Date() });
  return {
    store,
    /** a change heard, as this process's writes and the change feed report them */
    heard: (key: string) => {
      for (const listener of listeners) listener(key);
    },
    /** starts a read of `sid`; `answer` lets the database answer it with a session of `userId` */
    read: async (sid: string) => {
      const answered = store.get(sid);
      await new Promise((tick) => setImmediate(tick));
      return {
        answer: async (userId: string) => {
          held.get(sid)?.(stored(sid, userId));
          return answered;
        },
      };
    },
    reads: () => reads,
  };
}

describe('sessions cached in memory while others change', () => {
  it('caches a session read while other sessions and users changed', async () => {
    const h = harness();
    const read = await h.read('s1');
    h.heard('user:someone-else');
    h.heard('session:s2');
    await read.answer('u1');
    expect(h.store.cached('s1')).toMatchObject({ user: { id: 'u1' } });
    expect(await h.store.get('s1')).toMatchObject({ sess: { sid: 's1' } });
    expect(h.reads()).toBe(1);
  });

  it('does not cache a session read while it, its user or everything changed', async () => {
    for (const key of ['session:s1', 'user:u1', '*']) {
      const h = harness();
      const read = await h.read('s1');
      h.heard(key);
      expect(await read.answer('u1')).toMatchObject({ user: { id: 'u1' } });
      expect(h.store.cached('s1'), key).toBeUndefined();
    }
  });

  it('caches a read begun after its user changed, and forgets the changes once no read is under way', async () => {
    const h = harness();
    h.heard('user:u1');
    const first = await h.read('s1');
    await first.answer('u1');
    expect(h.store.cached('s1')).toBeDefined();
    // two reads under way: a change to the first one's user keeps only the second
    const a = await h.read('a');
    const b = await h.read('b');
    h.heard('user:ua');
    await a.answer('ua');
    await b.answer('ub');
    expect(h.store.cached('a')).toBeUndefined();
    expect(h.store.cached('b')).toBeDefined();
  });

  it('caches no read under way once more changes were heard than it remembers', async () => {
    const h = harness();
    const read = await h.read('s1');
    for (let n = 0; n <= 10_000; n++) h.heard(`user:other-${n}`);
    await read.answer('u1');
    expect(h.store.cached('s1')).toBeUndefined();
    const after = await h.read('s1');
    await after.answer('u1');
    expect(h.store.cached('s1')).toBeDefined();
  });
});
