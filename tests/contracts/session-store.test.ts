import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { SessionStore, UserRepository } from '../../core/users/ports.ts';
import { createLogger } from '../../adapters/logger.ts';
import { InMemorySessionStore } from '../../adapters/memory/in-memory-session-store.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { CachedSessionStore } from '../../adapters/persistence/cached-session-store.ts';
import { ChangeFeed } from '../../adapters/persistence/change-feed.ts';
import { MikroOrmSessionStore } from '../../adapters/persistence/mikro-orm-session-store.ts';
import { MikroOrmUserRepository } from '../../adapters/persistence/mikro-orm-user-repository.ts';
import {
  type ContractImplementation,
  describeContract,
  type RepositoryAdapters,
  repositoryImplementations,
} from '../support/contract-suite.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Harness {
  store: SessionStore;
  /** whether the store keeps sessions in this process's memory */
  keeps: boolean;
  users: UserRepository;
  run<T>(work: () => Promise<T>): Promise<T>;
  close?(): Promise<void>;
}

let now = new Date('2026-11-22T12:00:00Z');
const clock = { now: () => new Date(now) };
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** The store over the sessions table alone (`cached`: behind the per-process cache), and the map in memory. */
function adapters(cached: boolean): RepositoryAdapters<Harness> {
  return {
    memory: () => {
      const users = new InMemoryUserRepository();
      return { store: new InMemorySessionStore(users, clock), keeps: false, users, run: (work) => work() };
    },
    database: (db) => {
      const table = new MikroOrmSessionStore(db.database, clock);
      const users = new MikroOrmUserRepository(db.database);
      const run = <T>(work: () => Promise<T>) => db.database.withContext(work);
      if (!cached) return { store: table, keeps: false, users, run };
      const store = new CachedSessionStore(
        table,
        db.database,
        new ChangeFeed(db.database, createLogger('silent')),
        clock,
      );
      return { store, keeps: true, users, run, close: () => store.stop() };
    },
  };
}

/** The map in memory; on each database, the sessions table alone and the table behind the per-process cache. */
const named = (suffix: string) => (implementation: ContractImplementation<Harness>) => ({
  ...implementation,
  name: `${implementation.name} (${suffix})`,
});
const implementations = [
  ...repositoryImplementations(adapters(false)).map((each) => (each.inProcess ? each : named('table')(each))),
  ...repositoryImplementations(adapters(true))
    .filter((each) => !each.inProcess)
    .map(named('cached table')),
];

let discordId = 1000;

describeContract('session store', implementations, (h) => {
  const newUser = () =>
    h.run(() =>
      h.users.upsertIdentity(
        { discordId: String(++discordId), discordUsername: 'remy' },
        { newId: randomUUID(), now: clock.now(), admin: false },
      ),
    );
  const sid = () => randomUUID();

  it('answers a stored session with its user, and nothing after it is destroyed or for an unknown id', async () => {
    const user = await newUser();
    const id = sid();
    const sess = { userId: user.id, signedInAt: 1, pendingSignIn: { state: 's', returnTo: '/store' } };
    await h.run(() => h.store.set(id, sess, DAY));
    expect(await h.run(() => h.store.get(id))).toEqual({ sess, user, expire: expect.any(Date) });
    await h.run(() => h.store.destroy(id));
    expect(await h.run(() => h.store.get(id))).toBeUndefined();
    expect(await h.run(() => h.store.get(sid()))).toBeUndefined();
  });

  it('keeps a session valid up to and including its expire instant, and not a millisecond longer', async () => {
    const id = sid();
    await h.run(() => h.store.set(id, { seenAt: 1 }, HOUR));
    advance(HOUR);
    expect((await h.run(() => h.store.get(id)))?.sess).toEqual({ seenAt: 1 });
    advance(1);
    expect(await h.run(() => h.store.get(id))).toBeUndefined();
  });

  it('replaces the session and its expiry when the same id is written again', async () => {
    const id = sid();
    await h.run(() => h.store.set(id, { seenAt: 1 }, HOUR));
    await h.run(() => h.store.set(id, { seenAt: 2 }, 3 * HOUR));
    advance(2 * HOUR);
    expect((await h.run(() => h.store.get(id)))?.sess).toEqual({ seenAt: 2 });
    advance(HOUR + 1);
    expect(await h.run(() => h.store.get(id))).toBeUndefined();
  });

  it('gives a session a day when its max age is not a finite number', async () => {
    const id = sid();
    await h.run(() => h.store.set(id, { seenAt: 1 }, Number.NaN));
    advance(DAY);
    expect(await h.run(() => h.store.get(id))).toBeDefined();
    advance(1);
    expect(await h.run(() => h.store.get(id))).toBeUndefined();
  });

  it('reads the user fresh on every get, and answers no user when the session names none that exists', async () => {
    const user = await newUser();
    const id = sid();
    await h.run(() => h.store.set(id, { userId: user.id }, DAY));
    await h.run(() => h.users.setRole(user.id, 'staff', clock.now()));
    expect((await h.run(() => h.store.get(id)))?.user).toMatchObject({ id: user.id, role: 'staff' });
    for (const sess of [{}, { userId: randomUUID() }, { userId: 'not-a-uuid' }, { userId: 42 }]) {
      const other = sid();
      await h.run(() => h.store.set(other, sess, DAY));
      expect(await h.run(() => h.store.get(other))).toEqual({ sess, user: null, expire: expect.any(Date) });
    }
  });

  it('answers from memory only a session it read and kept, as get answers it, and never after it changes', async () => {
    const user = await newUser();
    const id = sid();
    await h.run(() => h.store.set(id, { userId: user.id }, DAY));
    expect(h.store.cached(id)).toBeUndefined();
    const read = await h.run(() => h.store.get(id));
    const kept = h.store.cached(id);
    if (h.keeps) expect(kept).toEqual(read);
    else expect(kept).toBeUndefined();
    await h.run(() => h.store.set(id, { userId: user.id, seenAt: 2 }, DAY));
    expect(h.store.cached(id)).toBeUndefined();
    await h.run(() => h.store.get(id));
    await h.run(() => h.store.destroy(id));
    expect(h.store.cached(id)).toBeUndefined();
    expect(h.store.cached(sid())).toBeUndefined();
  });

  it('a copy answered from memory may be changed without changing the session', async () => {
    const user = await newUser();
    const id = sid();
    await h.run(() => h.store.set(id, { userId: user.id, cart: { items: 1 } }, DAY));
    const read = await h.run(() => h.store.get(id));
    if (read) read.sess.cart = { items: 9 };
    const again = h.store.cached(id) ?? (await h.run(() => h.store.get(id)));
    expect(again?.sess).toEqual({ userId: user.id, cart: { items: 1 } });
  });

  it('keeps a value beside a kept session until the session or its user changes; never one made before a change', async () => {
    const user = await newUser();
    const id = sid();
    await h.run(() => h.store.set(id, { userId: user.id }, DAY));
    /** reads the session and keeps a value beside it, as a kept answer is */
    const readAndKeep = async () => {
      const since = h.store.moment();
      const read = await h.run(() => h.store.get(id));
      h.store.cacheBeside(id, '/api/auth/me', { body: 'me' }, since);
      return { read, beside: h.store.beside(id, '/api/auth/me') };
    };
    let kept = await readAndKeep();
    if (h.keeps) {
      // the change feed may bring this test's own write back while the read is under way: that read is rightly not
      // kept, and a read after it is
      await expect
        .poll(async () => {
          if (kept.beside === undefined) kept = await readAndKeep();
          return kept.beside;
        })
        .toBeDefined();
      expect(kept.beside).toEqual({ stored: kept.read, value: { body: 'me' } });
    } else expect(kept.beside).toBeUndefined();
    expect(h.store.beside(id, '/api/other')).toBeUndefined();
    // the user changes: what was cached beside the session goes with it
    await h.run(() => h.users.setRole(user.id, 'staff', clock.now()));
    expect(h.store.beside(id, '/api/auth/me')).toBeUndefined();
    // a value made from a read taken before a change is not kept
    const before = h.store.moment();
    await h.run(() => h.store.get(id));
    await h.run(() => h.store.set(sid(), {}, DAY));
    h.store.cacheBeside(id, '/api/auth/me', { body: 'stale' }, before);
    expect(h.store.beside(id, '/api/auth/me')).toBeUndefined();
    // nothing is kept beside a session not kept
    const unknown = sid();
    h.store.cacheBeside(unknown, '/api/auth/me', { body: 'none' }, h.store.moment());
    expect(h.store.beside(unknown, '/api/auth/me')).toBeUndefined();
  });

  it('moves its mark of changes forward only, on a change it hears', async () => {
    const first = h.store.moment();
    await h.run(() => h.store.set(sid(), {}, DAY));
    const second = h.store.moment();
    expect(second).toBeGreaterThanOrEqual(first);
    if (h.keeps) expect(second).toBeGreaterThan(first);
    expect(h.store.moment()).toBe(second);
  });
});
