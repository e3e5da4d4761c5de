import { describe, expect, it } from 'vitest';
import { InMemoryStoreBans } from '../../adapters/memory/in-memory-store-bans.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { InMemoryUserTokenLedger } from '../../adapters/memory/in-memory-user-token-ledger.ts';

const at = new Date('2026-11-22T12:00:00Z');

function stores() {
  const users = new InMemoryUserRepository();
  const ledger = new InMemoryUserTokenLedger(users);
  const bans = new InMemoryStoreBans();
  const transactions = new InMemoryTransactions([users, ledger, bans]);
  const addUser = async (discordId: string) =>
    (
      await users.upsertIdentity(
        { discordId, discordUsername: 'remy' },
        { newId: crypto.randomUUID(), now: at, admin: false },
      )
    ).id;
  const credit = (userId: string, delta: number, reference: string | null = null) =>
    ledger.apply({
      id: crypto.randomUUID(),
      userId,
      delta,
      reason: 'Purchase',
      reference,
      actorId: null,
      createdAt: at,
      bought: true,
    });
  return { users, ledger, bans, transactions, addUser, credit };
}

describe('in-memory transactions', () => {
  it('undo the writes of every registered store when the work throws, and keep them when it succeeds', async () => {
    const { users, ledger, bans, transactions, addUser, credit } = stores();
    const kept = await addUser('101');
    await expect(
      transactions.run(async () => {
        await credit(kept, 40, 'purchase:1');
        await bans.ban(kept, 'Payment dispute');
        await addUser('102');
        throw new Error('the purchase could not be completed');
      }),
    ).rejects.toThrow('the purchase could not be completed');
    expect((await users.findById(kept))?.tokens).toBe(0);
    expect(await ledger.history(kept, 10)).toEqual([]);
    expect(await bans.isBanned(kept)).toBe(false);
    expect(await users.findByDiscordId('102')).toBeNull();

    const answer = await transactions.run(async () => {
      await credit(kept, 40, 'purchase:1');
      await bans.ban(kept, 'Payment dispute');
      return 'done';
    });
    expect(answer).toBe('done');
    expect((await users.findById(kept))?.tokens).toBe(40);
    expect(await bans.isBanned(kept)).toBe(true);
  });

  it('undo only the inner work when a nested transaction fails and the outer one carries on', async () => {
    const { users, transactions, addUser, credit } = stores();
    const userId = await addUser('201');
    await transactions.run(async () => {
      await credit(userId, 10);
      await transactions
        .run(async () => {
          await credit(userId, 5);
          throw new Error('inner step failed');
        })
        .catch(() => undefined);
    });
    expect((await users.findById(userId))?.tokens).toBe(10);
  });

  it("run one at a time, so one transaction's rollback never undoes another's writes", async () => {
    const { users, transactions, addUser, credit } = stores();
    const userId = await addUser('301');
    let release!: () => void;
    const failing = transactions.run(async () => {
      await credit(userId, 7);
      await new Promise<void>((done) => (release = done));
      throw new Error('failed late');
    });
    const succeeding = transactions.run(async () => {
      await credit(userId, 3);
    });
    await new Promise((done) => setImmediate(done));
    release();
    await expect(failing).rejects.toThrow('failed late');
    await succeeding;
    expect((await users.findById(userId))?.tokens).toBe(3);
  });
});
