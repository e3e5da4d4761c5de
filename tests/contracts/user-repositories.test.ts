import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/index.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import type { TokenLedger } from '../../core/tokens/ports.ts';
import type { UserRepository } from '../../core/users/ports.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { InMemoryUserTokenLedger } from '../../adapters/memory/in-memory-user-token-ledger.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { composeInMemory } from '../../adapters/memory/compose-in-memory.ts';
import { mikroOrmUserPorts } from '../../adapters/persistence/user-ports.ts';
import { createTestDatabase, databaseTargets } from '../support/databases.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';

interface Harness {
  users: UserRepository;
  ledger: TokenLedger;
  transactions: TransactionRunner;
  /** each call gets its own context, as each request does */
  run<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function memoryHarness(): Harness {
  const users = new InMemoryUserRepository();
  const ledger = new InMemoryUserTokenLedger(users);
  return {
    users,
    ledger,
    transactions: new InMemoryTransactions([users, ledger]),
    run: (work) => work(),
    close: async () => {},
  };
}

async function databaseHarness(target: 'pglite' | 'postgres'): Promise<Harness> {
  const testDb = await createTestDatabase(target);
  const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteTemplate() });
  await database.migrate();
  const ports = mikroOrmUserPorts(database, []);
  return {
    users: ports.users,
    ledger: ports.tokenLedger,
    transactions: { run: (work) => database.transactional(work) },
    run: (work) => database.withContext(work),
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}

const targets: Array<'memory' | 'pglite' | 'postgres'> = ['memory', ...databaseTargets()];
let counter = 0;
const nextDiscordId = () => `7${Date.now() % 1_000_000_000}${String(++counter).padStart(4, '0')}`;

describe.each(targets)('users and token ledger on %s', (target) => {
  let h: Harness;
  let core: Core;
  beforeAll(async () => {
    h = target === 'memory' ? memoryHarness() : await databaseHarness(target);
    // the accounts module on the implementation under test; the other modules' ports stay in memory, unused here
    core = createCore({
      ...composeInMemory().ports,
      transactions: h.transactions,
      users: { users: h.users, tokenLedger: h.ledger, adminDiscordIds: ['4242'] },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const newUser = (overrides: { discordId?: string; username?: string } = {}) =>
    h.run(() =>
      core.users.signIn.execute({
        discordId: overrides.discordId ?? nextDiscordId(),
        discordUsername: overrides.username ?? 'remy',
        email: null,
      }),
    );

  describe('users', () => {
    it('searches by a part of a name in any case, or the exact Discord id first, up to the limit', async () => {
      const tag = `Zq${counter}x${Date.now() % 100000}`;
      const discordId = nextDiscordId();
      const byId = await newUser({ discordId, username: `${tag}_Bravo` });
      const other = await newUser({ username: `${tag.toLowerCase()}_alpha` });
      const found = await h.run(() => h.users.search(tag.toUpperCase(), 10));
      expect(found.map((u) => u.id)).toEqual([other.id, byId.id]);
      expect((await h.run(() => h.users.search(discordId, 10))).map((u) => u.id)).toEqual([byId.id]);
      expect(await h.run(() => h.users.search(discordId.slice(0, 6), 10))).not.toContainEqual(
        expect.objectContaining({ id: byId.id }),
      );
      expect(await h.run(() => h.users.search(`${tag}%`, 10))).toEqual([]);
      expect(await h.run(() => h.users.search(tag, 1))).toHaveLength(1);
    });

    it('creates a player with SPEC defaults, then updates the same user by discordId', async () => {
      const discordId = nextDiscordId();
      const first = await newUser({ discordId, username: 'remy' });
      expect(first).toMatchObject({
        discordId,
        discordUsername: 'remy',
        role: 'player',
        tokens: 0,
        isWhitelisted: false,
        bannedAt: null,
      });
      const again = await h.run(() =>
        core.users.signIn.execute({
          discordId,
          discordUsername: 'remy2',
          email: 'remy@example.com',
          discordAvatar: 'abc',
        }),
      );
      expect(again.id).toBe(first.id);
      expect(again).toMatchObject({ discordUsername: 'remy2', email: 'remy@example.com', discordAvatar: 'abc' });
      // a later sign-in without an email keeps the one on file
      const third = await h.run(() => core.users.signIn.execute({ discordId, discordUsername: 'remy2' }));
      expect(third.email).toBe('remy@example.com');
    });

    it('gives one user to racing sign-ins of a new discordId', async () => {
      const discordId = nextDiscordId();
      const results = await Promise.all(Array.from({ length: 10 }, () => newUser({ discordId })));
      expect(new Set(results.map((user) => user.id)).size).toBe(1);
    });

    it('makes ADMIN_DISCORD_IDS admins at sign-in', async () => {
      const existing = await h.run(() => core.users.findByDiscordId.execute('4242')).catch(() => null);
      const admin = await newUser({ discordId: '4242' });
      expect(admin.role).toBe('admin');
      expect(existing === null || existing.id === admin.id).toBe(true);
    });

    it('finds by id and discordId, lists by role, and changes roles', async () => {
      const user = await newUser();
      expect((await h.run(() => core.users.get.execute(user.id))).discordId).toBe(user.discordId);
      expect((await h.run(() => core.users.findByDiscordId.execute(user.discordId))).id).toBe(user.id);
      const staff = await h.run(() => core.users.changeRole.execute({ userId: user.id, role: 'staff' }));
      expect(staff.role).toBe('staff');
      const listed = await h.run(() => core.users.list.execute({ role: 'staff' }));
      expect(listed.map((u) => u.id)).toContain(user.id);
      expect(listed.every((u) => u.role === 'staff')).toBe(true);
      await expect(h.run(() => core.users.get.execute(randomUUID()))).rejects.toMatchObject({
        code: 'USER_NOT_FOUND',
        kind: 'not_found',
      });
      await expect(h.run(() => core.users.get.execute('not-a-uuid'))).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
      await expect(h.run(() => core.users.findByDiscordId.execute('1'))).rejects.toMatchObject({
        code: 'USER_NOT_FOUND',
      });
    });

    it('keeps single grants and revocations on top of the role, and lists the users holding any permission', async () => {
      const user = await newUser();
      expect(user).toMatchObject({ permissionGrants: [], permissionRevocations: [] });
      const changed = await h.run(() =>
        core.users.changePermissions.execute({ userId: user.id, grant: ['refund', 'ban'], revoke: [] }),
      );
      expect(changed.changes).toEqual([
        { permission: 'refund', held: true },
        { permission: 'ban', held: true },
      ]);
      // kept in the order of PERMISSIONS, read back as written
      expect(await h.run(() => core.users.get.execute(user.id))).toMatchObject({
        role: 'player',
        permissionGrants: ['refund', 'ban'],
        permissionRevocations: [],
      });
      expect((await h.run(() => h.users.withAccess())).map((u) => u.id)).toContain(user.id);
      const staff = await h.run(() => core.users.changeRole.execute({ userId: user.id, role: 'staff' }));
      expect(staff.permissionGrants).toEqual(['refund', 'ban']);
      const revoked = await h.run(() =>
        core.users.changePermissions.execute({ userId: user.id, grant: [], revoke: ['view-players', 'ban'] }),
      );
      expect(revoked.user).toMatchObject({ permissionGrants: ['refund'], permissionRevocations: ['view-players'] });
      // the lock is taken inside a transaction and let go at its end
      await h.run(() => h.transactions.run(() => h.users.lockAccessChanges()));
      await h.run(() => h.transactions.run(() => h.users.lockAccessChanges()));
      await h.run(() => core.users.ban.execute({ userId: user.id, reason: 'Testing' }));
      expect((await h.run(() => h.users.withAccess())).map((u) => u.id)).not.toContain(user.id);
    });

    it('bans with a reason (a banned user still signs in, banned), keeps the first ban, and unbans', async () => {
      const user = await newUser();
      await expect(h.run(() => core.users.ban.execute({ userId: user.id, reason: '  ' }))).rejects.toMatchObject({
        kind: 'invalid',
      });
      const banned = await h.run(() => core.users.ban.execute({ userId: user.id, reason: 'Chargeback on a purchase' }));
      expect(banned.bannedAt).toBeInstanceOf(Date);
      expect(banned.banReason).toBe('Chargeback on a purchase');
      const again = await h.run(() => core.users.ban.execute({ userId: user.id, reason: 'Something else' }));
      expect(again.banReason).toBe('Chargeback on a purchase');
      expect(await newUser({ discordId: user.discordId })).toMatchObject({
        id: user.id,
        banReason: 'Chargeback on a purchase',
      });
      const unbanned = await h.run(() => core.users.unban.execute({ userId: user.id }));
      expect(unbanned).toMatchObject({ bannedAt: null, banReason: null });
      expect((await newUser({ discordId: user.discordId })).id).toBe(user.id);
    });

    it('counts as members the accounts not banned from the site, and the site figures show that count', async () => {
      const before = await h.run(() => h.users.countMembers());
      const [one] = await Promise.all([newUser(), newUser(), newUser()]);
      expect(await h.run(() => h.users.countMembers())).toBe(before + 3);
      await h.run(() => core.users.ban.execute({ userId: one.id, reason: 'Cheating in the city' }));
      expect(await h.run(() => h.users.countMembers())).toBe(before + 2);
      expect((await h.run(() => core.game.figures.execute())).members).toBe(before + 2);
      await h.run(() => core.users.unban.execute({ userId: one.id }));
      expect(await h.run(() => h.users.countMembers())).toBe(before + 3);
    });

    it('refuses a sign-in identity that breaks SPEC section 5', async () => {
      await expect(
        h.run(() => core.users.signIn.execute({ discordId: '12a', discordUsername: 'x' })),
      ).rejects.toMatchObject({ kind: 'invalid' });
      await expect(
        h.run(() => core.users.signIn.execute({ discordId: '123', discordUsername: '' })),
      ).rejects.toMatchObject({ kind: 'invalid' });
      await expect(
        h.run(() => core.users.signIn.execute({ discordId: '123', discordUsername: 'x', email: 'nope' })),
      ).rejects.toMatchObject({ kind: 'invalid' });
    });
  });

  describe('token ledger', () => {
    it('credits and debits with a ledger entry each, and the history adds up to the balance', async () => {
      const user = await newUser();
      const credit = await h.run(() =>
        core.tokens.credit.execute({
          userId: user.id,
          amount: 100,
          reason: 'Purchase',
          reference: `p-${randomUUID()}`,
        }),
      );
      expect(credit).toMatchObject({ balance: 100, duplicate: false });
      const debit = await h.run(() =>
        core.tokens.debit.execute({ userId: user.id, amount: 30, reason: 'Correction', actorId: user.id }),
      );
      expect(debit).toMatchObject({ balance: 70, duplicate: false });
      const history = await h.run(() => core.tokens.history.execute({ userId: user.id }));
      expect(history.map((entry) => [entry.delta, entry.balanceAfter])).toEqual([
        [-30, 70],
        [100, 100],
      ]);
      expect(history[0]).toMatchObject({ reason: 'Correction', actorId: user.id, reference: null });
      expect(history.reduce((sum, entry) => sum + entry.delta, 0)).toBe(
        (await h.run(() => core.users.get.execute(user.id))).tokens,
      );
    });

    it('never goes below zero: a too-large debit is a conflict and changes nothing', async () => {
      const user = await newUser();
      await h.run(() => core.tokens.credit.execute({ userId: user.id, amount: 5, reason: 'Gift' }));
      await expect(
        h.run(() => core.tokens.debit.execute({ userId: user.id, amount: 6, reason: 'Too much' })),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_TOKENS', kind: 'conflict' });
      expect((await h.run(() => core.users.get.execute(user.id))).tokens).toBe(5);
      expect(await h.run(() => core.tokens.history.execute({ userId: user.id }))).toHaveLength(1);
    });

    it('answers the earlier result for a reference used before, and refuses it for another user', async () => {
      const user = await newUser();
      const other = await newUser();
      const reference = `purchase-${randomUUID()}`;
      const first = await h.run(() =>
        core.tokens.credit.execute({ userId: user.id, amount: 25, reason: 'Bayou Basic', reference }),
      );
      const second = await h.run(() =>
        core.tokens.credit.execute({ userId: user.id, amount: 25, reason: 'Bayou Basic', reference }),
      );
      expect(second).toEqual({ ...first, duplicate: true });
      expect((await h.run(() => core.users.get.execute(user.id))).tokens).toBe(25);
      await expect(
        h.run(() => core.tokens.credit.execute({ userId: other.id, amount: 25, reason: 'x', reference })),
      ).rejects.toMatchObject({ code: 'TOKEN_REFERENCE_USED' });
      expect((await h.run(() => core.users.get.execute(other.id))).tokens).toBe(0);
    });

    it('refuses bad amounts and unknown users', async () => {
      const user = await newUser();
      for (const amount of [0, -5, 1.5, Number.NaN]) {
        await expect(
          h.run(() => core.tokens.credit.execute({ userId: user.id, amount, reason: 'x' })),
        ).rejects.toMatchObject({ kind: 'invalid' });
      }
      await expect(
        h.run(() => core.tokens.credit.execute({ userId: user.id, amount: 1, reason: ' ' })),
      ).rejects.toMatchObject({ kind: 'invalid' });
      await expect(
        h.run(() => core.tokens.credit.execute({ userId: randomUUID(), amount: 1, reason: 'x' })),
      ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    });

    /**
     * `work`, again when it got no connection: 100 at once wait on one user's row, and on a loaded machine some wait
     * past the pool's 2 s before their transaction begins (nothing of theirs ran; the site answers them 503, and
     * the sender tries again, as Stripe and the game server do)
     */
    async function whenPoolFree<T>(work: () => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await work();
        } catch (error) {
          if (attempt === 5 || !/Timeout acquiring a connection/.test(String(error))) throw error;
        }
      }
    }

    it('credits once when 100 credits with one reference arrive at the same time', async () => {
      const user = await newUser();
      const reference = `purchase-${randomUUID()}`;
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          whenPoolFree(() =>
            h.run(() => core.tokens.credit.execute({ userId: user.id, amount: 50, reason: 'Parish Life', reference })),
          ),
        ),
      );
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
      expect((await h.run(() => core.users.get.execute(user.id))).tokens).toBe(50);
      expect(await h.run(() => core.tokens.history.execute({ userId: user.id }))).toHaveLength(1);
    });

    it('lets exactly 50 of 100 concurrent debits of 10 through from a balance of 500, ending at 0', async () => {
      const user = await newUser();
      await h.run(() => core.tokens.credit.execute({ userId: user.id, amount: 500, reason: 'Voodoo Experience' }));
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          whenPoolFree(() => h.run(() => core.tokens.debit.execute({ userId: user.id, amount: 10, reason: 'Spend' }))),
        ),
      );
      const failures = results.filter((result) => result.status === 'rejected');
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
      expect(
        failures.every((failure) => (failure as PromiseRejectedResult).reason?.code === 'INSUFFICIENT_TOKENS'),
      ).toBe(true);
      expect((await h.run(() => core.users.get.execute(user.id))).tokens).toBe(0);
      const history = await h.run(() => core.tokens.history.execute({ userId: user.id, limit: 500 }));
      expect(history.filter((entry) => entry.delta === -10)).toHaveLength(50);
    });

    it("joins the caller's transaction: when the caller's work fails afterwards, the credit is undone", async () => {
      const user = await newUser();
      const reference = `purchase-${randomUUID()}`;
      await expect(
        h.run(() =>
          h.transactions.run(async () => {
            await core.tokens.credit.execute({ userId: user.id, amount: 40, reason: 'Purchase', reference });
            throw new Error('marking the purchase failed');
          }),
        ),
      ).rejects.toThrow('marking the purchase failed');
      expect((await h.run(() => core.users.get.execute(user.id))).tokens).toBe(0);
      const retried = await h.run(() =>
        core.tokens.credit.execute({ userId: user.id, amount: 40, reason: 'Purchase', reference }),
      );
      expect(retried).toMatchObject({ balance: 40, duplicate: false });
    });
  });
});
