import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { StoreBans } from '../../core/purchases/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryStoreBans } from '../../adapters/memory/in-memory-store-bans.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { MikroOrmStoreBans } from '../../adapters/persistence/mikro-orm-store-bans.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  bans: StoreBans;
  transactions: TransactionRunner;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const bans = new InMemoryStoreBans();
    return {
      bans,
      transactions: new InMemoryTransactions([bans]),
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => {
    return {
      bans: new MikroOrmStoreBans(db.database),
      transactions: { run: (work) => db.database.transactional(work) },
      addUser: db.addUser,
      run: (work) => db.database.withContext(work),
    };
  },
};

describeRepositoryContract('store bans', adapters, (h) => {
  it('bans the one buyer named, for good, and a second ban of the same buyer is no error', async () => {
    const buyer = await h.addUser();
    const other = await h.addUser();
    expect(await h.run(() => h.bans.isBanned(buyer))).toBe(false);
    await h.run(() => h.bans.ban(buyer, 'Payment dispute on purchase p1: fraudulent'));
    await h.run(() => h.bans.ban(buyer, 'Payment dispute on purchase p2: fraudulent'));
    expect(await h.run(() => h.bans.isBanned(buyer))).toBe(true);
    expect(await h.run(() => h.bans.isBanned(other))).toBe(false);
  });

  it('keeps one ban when the same buyer is banned many times at once', async () => {
    const buyer = await h.addUser();
    await Promise.all(Array.from({ length: 10 }, (_, n) => h.run(() => h.bans.ban(buyer, `dispute ${n}`))));
    expect(await h.run(() => h.bans.isBanned(buyer))).toBe(true);
  });

  it("joins the caller's transaction: a ban made by a dispute that then fails is undone", async () => {
    const buyer = await h.addUser();
    await expect(
      h.run(() =>
        h.transactions.run(async () => {
          await h.bans.ban(buyer, 'Payment dispute');
          throw new Error('the dispute could not be recorded');
        }),
      ),
    ).rejects.toThrow('the dispute could not be recorded');
    expect(await h.run(() => h.bans.isBanned(buyer))).toBe(false);
  });

  it("lifts the one buyer's ban (an approved appeal), answering whether there was one to lift", async () => {
    const buyer = await h.addUser();
    const other = await h.addUser();
    await h.run(() => h.bans.ban(buyer, 'Payment dispute'));
    await h.run(() => h.bans.ban(other, 'Payment dispute'));
    expect(await h.run(() => h.bans.lift(buyer))).toBe(true);
    expect(await h.run(() => h.bans.isBanned(buyer))).toBe(false);
    expect(await h.run(() => h.bans.isBanned(other))).toBe(true);
    expect(await h.run(() => h.bans.lift(buyer))).toBe(false);
    expect(await h.run(() => h.bans.lift('not-a-user-id'))).toBe(false);
  });
});
