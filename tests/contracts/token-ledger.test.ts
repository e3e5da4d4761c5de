import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { PurchaseTokenGrants } from '../../core/purchases/ports.ts';
import { tokenLedgerFromAccounts } from '../../core/purchases/model/token-ledger-bridge.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import type { TokenChange } from '../../core/tokens/model/ledger-entry.ts';
import type { TokenLedger } from '../../core/tokens/ports.ts';
import { createTokenModule } from '../../core/tokens/module.ts';
import { createUserModule } from '../../core/users/module.ts';
import type { UserRepository } from '../../core/users/ports.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { InMemoryUserTokenLedger } from '../../adapters/memory/in-memory-user-token-ledger.ts';
import { MikroOrmTokenLedger } from '../../adapters/persistence/mikro-orm-token-ledger.ts';
import { MikroOrmUserRepository } from '../../adapters/persistence/mikro-orm-user-repository.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  ledger: TokenLedger;
  users: UserRepository;
  transactions: TransactionRunner;
  addUser(): Promise<string>;
  balance(userId: string): Promise<number>;
  /** the balance and its part bought with money, as the user's row holds them */
  held(userId: string): Promise<{ tokens: number; bought: number }>;
  /** each call gets its own context, as each request does */
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const users = new InMemoryUserRepository();
    const ledger = new InMemoryUserTokenLedger(users);
    let discordId = 100;
    return {
      ledger,
      users,
      transactions: new InMemoryTransactions([users, ledger]),
      addUser: async () => {
        const user = await users.upsertIdentity(
          { discordId: String(++discordId), discordUsername: 'remy' },
          { newId: randomUUID(), now: new Date(), admin: false },
        );
        return user.id;
      },
      balance: async (userId) => (await users.findById(userId))?.tokens ?? 0,
      held: async (userId) => heldBy(await users.findById(userId)),
      run: (work) => work(),
    };
  },
  database: (db) => {
    const users = new MikroOrmUserRepository(db.database);
    return {
      ledger: new MikroOrmTokenLedger(db.database),
      users,
      transactions: { run: (work) => db.database.transactional(work) },
      addUser: db.addUser,
      balance: async (userId) => (await db.database.withContext(() => users.findById(userId)))?.tokens ?? 0,
      held: async (userId) => heldBy(await db.database.withContext(() => users.findById(userId))),
      run: (work) => db.database.withContext(work),
    };
  },
};

const heldBy = (user: { tokens: number; boughtTokens: number } | null) => ({
  tokens: user?.tokens ?? 0,
  bought: user?.boughtTokens ?? 0,
});

const at = new Date('2026-11-22T12:00:00Z');

function change(userId: string, delta: number, reference: string | null = null, bought = false): TokenChange {
  return {
    bought,
    id: randomUUID(),
    userId,
    delta,
    reason: delta > 0 ? 'Purchase' : 'Refund',
    reference,
    actorId: null,
    createdAt: at,
  };
}

describeRepositoryContract('token ledger (TokenLedger)', adapters, (h) => {
  it('applies credits and debits with the balance after each, and lists them newest first up to the limit', async () => {
    const userId = await h.addUser();
    const credit = await h.run(() => h.ledger.apply(change(userId, 100, `p-${randomUUID()}`)));
    expect(credit).toMatchObject({ kind: 'applied', entry: { userId, delta: 100, balanceAfter: 100 } });
    const debit = await h.run(() => h.ledger.apply(change(userId, -30)));
    expect(debit).toMatchObject({ kind: 'applied', entry: { delta: -30, balanceAfter: 70, reference: null } });
    expect(await h.balance(userId)).toBe(70);
    const history = await h.run(() => h.ledger.history(userId, 10));
    expect(history.map((entry) => entry.delta)).toEqual([-30, 100]);
    expect(history[1]).toEqual(credit.kind === 'applied' ? credit.entry : null);
    expect(await h.run(() => h.ledger.history(userId, 1))).toHaveLength(1);
  });

  it('answers the earlier entry for a reference used before, by this user or another, and changes nothing', async () => {
    const userId = await h.addUser();
    const otherId = await h.addUser();
    const reference = `purchase:${randomUUID()}`;
    const first = await h.run(() => h.ledger.apply(change(userId, 25, reference)));
    expect(first.kind).toBe('applied');
    const earlier = first.kind === 'applied' ? first.entry : undefined;
    expect(await h.run(() => h.ledger.apply(change(userId, 25, reference)))).toEqual({
      kind: 'duplicate',
      entry: earlier,
    });
    expect(await h.run(() => h.ledger.apply(change(otherId, 40, reference)))).toEqual({
      kind: 'duplicate',
      entry: earlier,
    });
    expect(await h.run(() => h.ledger.apply(change(userId, -5, reference)))).toEqual({
      kind: 'duplicate',
      entry: earlier,
    });
    expect([await h.balance(userId), await h.balance(otherId)]).toEqual([25, 0]);
    expect(await h.run(() => h.ledger.history(otherId, 10))).toEqual([]);
  });

  it('keeps the tokens bought with money apart: spends draw on earned tokens first, a take-back on bought ones', async () => {
    const userId = await h.addUser();
    const moved: number[] = [];
    const apply = async (delta: number, bought = false) => {
      const outcome = await h.run(() => h.ledger.apply(change(userId, delta, `t-${randomUUID()}`, bought)));
      if (outcome.kind !== 'applied') throw new Error(`not applied: ${outcome.kind}`);
      moved.push(outcome.entry.boughtDelta);
      return h.held(userId);
    };
    expect(await apply(100, true)).toEqual({ tokens: 100, bought: 100 });
    expect(await apply(50)).toEqual({ tokens: 150, bought: 100 });
    // 30 spent: from the 50 earned
    expect(await apply(-30)).toEqual({ tokens: 120, bought: 100 });
    // 40 spent: the 20 earned left, then 20 bought
    expect(await apply(-40)).toEqual({ tokens: 80, bought: 80 });
    expect(await apply(10)).toEqual({ tokens: 90, bought: 80 });
    // a refund takes back 85: the 80 bought first, then 5 of the earned
    expect(await apply(-85, true)).toEqual({ tokens: 5, bought: 0 });
    expect(moved).toEqual([100, 0, 0, -20, 0, -80]);
    const history = await h.run(() => h.ledger.history(userId, 10));
    expect(history.map((entry) => entry.boughtDelta).reverse()).toEqual(moved);
  });

  it('never goes below zero: answers the balance and writes nothing', async () => {
    const userId = await h.addUser();
    await h.run(() => h.ledger.apply(change(userId, 5)));
    expect(await h.run(() => h.ledger.apply(change(userId, -6, `r-${randomUUID()}`)))).toEqual({
      kind: 'insufficient',
      balance: 5,
    });
    expect(await h.balance(userId)).toBe(5);
    expect(await h.run(() => h.ledger.history(userId, 10))).toHaveLength(1);
  });

  it('answers unknown_user for an id no user has', async () => {
    expect(await h.run(() => h.ledger.apply(change(randomUUID(), 5)))).toEqual({ kind: 'unknown_user' });
    expect(await h.run(() => h.ledger.apply(change('not-a-uuid', 5)))).toEqual({ kind: 'unknown_user' });
    expect(await h.run(() => h.ledger.history('not-a-uuid', 10))).toEqual([]);
  });

  it('applies one of many concurrent changes with one reference', async () => {
    const userId = await h.addUser();
    const reference = `purchase:${randomUUID()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => h.run(() => h.ledger.apply(change(userId, 50, reference)))),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'duplicate')).toHaveLength(19);
    expect(await h.balance(userId)).toBe(50);
  });

  it('applies concurrent changes to one balance each on what the one before left, and never below zero', async () => {
    const userId = await h.addUser();
    const credits = await Promise.all(
      // every other one paid for with money
      Array.from({ length: 20 }, (_, i) =>
        h.run(() => h.ledger.apply(change(userId, 5, `r-${randomUUID()}`, i % 2 === 0))),
      ),
    );
    expect(credits.every((outcome) => outcome.kind === 'applied')).toBe(true);
    expect(await h.held(userId)).toEqual({ tokens: 100, bought: 50 });
    const after = credits.map((outcome) => (outcome.kind === 'applied' ? outcome.entry.balanceAfter : 0));
    expect([...after].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 5 * (i + 1)));
    const debits = await Promise.all(
      Array.from({ length: 30 }, () => h.run(() => h.ledger.apply(change(userId, -5, `r-${randomUUID()}`)))),
    );
    expect(debits.filter((outcome) => outcome.kind === 'applied')).toHaveLength(20);
    expect(debits.filter((outcome) => outcome.kind === 'insufficient')).toHaveLength(10);
    expect(await h.held(userId)).toEqual({ tokens: 0, bought: 0 });
    const history = await h.run(() => h.ledger.history(userId, 100));
    expect(history).toHaveLength(40);
    // the spends drew the 50 earned first, each on what the one before left: 10 moved nothing bought, 10 took 5 each
    expect(
      history
        .filter((entry) => entry.delta < 0)
        .map((entry) => entry.boughtDelta)
        .sort(),
    ).toEqual([...Array(10).fill(-5), ...Array(10).fill(0)]);
  });

  it("joins the caller's transaction: when the caller fails afterwards, the entry and the balance move are undone", async () => {
    const userId = await h.addUser();
    const reference = `purchase:${randomUUID()}`;
    await expect(
      h.run(() =>
        h.transactions.run(async () => {
          expect((await h.ledger.apply(change(userId, 40, reference))).kind).toBe('applied');
          throw new Error('marking the purchase failed');
        }),
      ),
    ).rejects.toThrow('marking the purchase failed');
    expect(await h.balance(userId)).toBe(0);
    expect(await h.run(() => h.ledger.history(userId, 10))).toEqual([]);
    expect((await h.run(() => h.ledger.apply(change(userId, 40, reference)))).kind).toBe('applied');
  });
});

describeRepositoryContract("the store's token grants (PurchaseTokenGrants)", adapters, (h) => {
  let grants: PurchaseTokenGrants;
  beforeAll(() => {
    const shared = { clock: { now: () => new Date() }, ids: { next: randomUUID }, transactions: h.transactions };
    grants = tokenLedgerFromAccounts(
      createTokenModule({ users: h.users, tokenLedger: h.ledger }, shared),
      createUserModule({ users: h.users }, shared),
    );
  });

  const grant = (userId: string, amount: number, reference = `purchase:${randomUUID()}`) => ({
    userId,
    amount,
    reason: 'Purchase: Swamp Blood',
    reference,
    bought: true,
  });

  it('credits a reference once', async () => {
    const userId = await h.addUser();
    const credit = grant(userId, 100);
    await h.run(() => grants.credit(credit));
    await h.run(() => grants.credit(credit));
    expect(await h.balance(userId)).toBe(100);
    expect(await h.run(() => h.ledger.history(userId, 10))).toHaveLength(1);
  });

  it('refuses a reference that another user, or the other direction, already used, and changes nothing', async () => {
    const userId = await h.addUser();
    const otherId = await h.addUser();
    const credit = grant(userId, 100);
    await h.run(() => grants.credit(credit));
    await expect(h.run(() => grants.credit({ ...credit, userId: otherId }))).rejects.toMatchObject({
      code: 'TOKEN_REFERENCE_USED',
      kind: 'conflict',
    });
    await expect(h.run(() => grants.debit({ ...credit, amount: 10 }))).rejects.toMatchObject({
      code: 'TOKEN_REFERENCE_USED',
      kind: 'conflict',
    });
    expect([await h.balance(userId), await h.balance(otherId)]).toEqual([100, 0]);
  });

  it('reverses at most the balance and answers what it took; a repeated reversal takes nothing', async () => {
    const userId = await h.addUser();
    await h.run(() => grants.credit(grant(userId, 100)));
    await h.run(() => h.ledger.apply(change(userId, -70)));
    const reverse = grant(userId, 100, `refunded:${randomUUID()}`);
    expect(await h.run(() => grants.debit(reverse))).toBe(30);
    expect(await h.balance(userId)).toBe(0);
    await h.run(() => grants.credit(grant(userId, 10)));
    expect(await h.run(() => grants.debit(reverse))).toBe(0);
    expect(await h.balance(userId)).toBe(10);
    expect(await h.run(() => grants.debit(grant(userId, 10)))).toBe(10);
    expect(await h.run(() => grants.debit(grant(userId, 10)))).toBe(0);
  });

  it('refuses an unknown user and an amount out of range', async () => {
    await expect(h.run(() => grants.credit(grant(randomUUID(), 10)))).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    const userId = await h.addUser();
    await expect(h.run(() => grants.credit(grant(userId, 0)))).rejects.toMatchObject({ code: 'INVALID_TOKEN_CHANGE' });
    await expect(h.run(() => grants.credit(grant(userId, 1_000_001)))).rejects.toMatchObject({
      code: 'INVALID_TOKEN_CHANGE',
    });
    expect(await h.balance(userId)).toBe(0);
  });

  it("joins the caller's transaction: a failure after the credit undoes it", async () => {
    const userId = await h.addUser();
    const credit = grant(userId, 60);
    await expect(
      h.run(() =>
        h.transactions.run(async () => {
          await grants.credit(credit);
          throw new Error('the purchase could not be marked completed');
        }),
      ),
    ).rejects.toThrow('could not be marked completed');
    expect(await h.balance(userId)).toBe(0);
    await h.run(() => grants.credit(credit));
    expect(await h.balance(userId)).toBe(60);
  });
});
