import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRepository } from '../../core/users/ports.ts';
import { InMemorySessionStore } from '../../adapters/memory/in-memory-session-store.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { MikroOrmSessionStore } from '../../adapters/persistence/mikro-orm-session-store.ts';
import { MikroOrmUserRepository } from '../../adapters/persistence/mikro-orm-user-repository.ts';
import type { SessionStore } from '../../adapters/persistence/session-store.ts';
import { contractTargets, openMigratedDatabase, type ContractTarget } from '../support/contract-databases.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Harness {
  store: SessionStore;
  users: UserRepository;
  run<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

let now = new Date('2026-11-22T12:00:00Z');
const clock = { now: () => new Date(now) };
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

async function harness(target: ContractTarget): Promise<Harness> {
  if (target === 'memory') {
    const users = new InMemoryUserRepository();
    return { store: new InMemorySessionStore(users, clock), users, run: (work) => work(), close: async () => {} };
  }
  const db = await openMigratedDatabase(target);
  return {
    store: new MikroOrmSessionStore(db.database, clock),
    users: new MikroOrmUserRepository(db.database),
    run: (work) => db.database.withContext(work),
    close: db.close,
  };
}

let discordId = 1000;

describe.each(contractTargets())('session store on %s', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(target);
  });
  afterAll(() => h?.close());

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
});
