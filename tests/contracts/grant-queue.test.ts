import { beforeAll, expect, it } from 'vitest';
import type { GrantEvent, Grant } from '../../core/grants/model/grant.ts';
import type { GrantQueue } from '../../core/grants/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryGrantQueue } from '../../adapters/memory/in-memory-grant-queue.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { MikroOrmGrantQueue } from '../../adapters/persistence/mikro-orm-grant-queue.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { grant } from '../support/grant-builders.ts';
import { randomDiscordId } from '../support/session.ts';

interface Harness {
  queue: GrantQueue;
  transactions: TransactionRunner;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const queue = new InMemoryGrantQueue();
    return { queue, transactions: new InMemoryTransactions([queue]), run: (work) => work() };
  },
  database: (db) => ({
    queue: new MikroOrmGrantQueue(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    run: (work) => db.database.withContext(work),
  }),
  poolMax: 6,
};

const queued = (made: Grant): GrantEvent => ({
  grantId: made.id,
  kind: 'queued',
  at: made.createdAt,
  server: null,
  message: null,
  actor: null,
});

describeRepositoryContract('grant queue', adapters, (h) => {
  let queue: GrantQueue;
  const run = <T>(work: () => Promise<T>) => h.run(work);
  const add = (...grants: Grant[]) => run(() => queue.add(grants, grants.map(queued)));
  const claim = (server: string, online: string[], now = new Date(), limit = 500) =>
    run(() => queue.claim({ server, online, now, leaseUntil: new Date(now.getTime() + 60_000), limit }));

  beforeAll(() => {
    queue = h.queue;
  });

  it('writes one grant per dedupe key, with its line, and nothing when the transaction rolls back', async () => {
    const first = grant({ status: 'queued' });
    await add(first, grant({ status: 'queued', dedupeKey: first.dedupeKey }));
    const found = await run(() => queue.findById(first.id));
    expect(found?.timeline.map((line) => line.kind)).toEqual(['queued']);
    const lost = grant({ status: 'queued' });
    await expect(
      run(() =>
        h.transactions.run(async () => {
          await queue.add([lost], [queued(lost)]);
          throw new Error('the purchase could not be completed');
        }),
      ),
    ).rejects.toThrow('the purchase could not be completed');
    expect(await run(() => queue.findById(lost.id))).toBeNull();
  });

  it("offers a player's grants only while they are online, those needing nobody always, each to one claim", async () => {
    const player = randomDiscordId();
    const now = new Date();
    const mine = [1, 2, 3].map((n) =>
      grant({ status: 'queued', discordId: player, createdAt: new Date(now.getTime() - 10_000 + n) }),
    );
    const anyone = grant({ status: 'queued', needsOnline: false, createdAt: new Date(now.getTime() - 20_000) });
    await add(...mine, anyone);
    expect((await claim('east', [randomDiscordId()], now)).grants.map((g) => g.id)).toContain(anyone.id);
    const [east, west] = await Promise.all([claim('east', [player], now), claim('west', [player], now)]);
    const offered = [...east.grants, ...west.grants].filter((g) => g.discordId === player);
    expect(offered.map((g) => g.id).sort()).toEqual(mine.map((g) => g.id).sort());
    expect(offered.every((g) => g.status === 'offered' && g.offers === 1)).toBe(true);
    // the lease runs out unreported: offered again, to whoever asks
    const later = await claim('west', [player], new Date(now.getTime() + 61_000));
    expect(later.grants.filter((g) => g.discordId === player).map((g) => [g.server, g.offers])).toEqual([
      ['west', 2],
      ['west', 2],
      ['west', 2],
    ]);
  });

  it('says when more were due than a claim takes', async () => {
    const player = randomDiscordId();
    await add(...[1, 2, 3].map(() => grant({ status: 'queued', discordId: player })));
    const first = await claim('east', [player], new Date(), 2);
    expect(first.grants).toHaveLength(2);
    expect(first.more).toBe(true);
  });

  it('settles only a grant out, with its line; a report for one settled changes nothing', async () => {
    const player = randomDiscordId();
    const one = grant({ status: 'queued', discordId: player });
    const two = grant({ status: 'queued', discordId: player });
    await add(one, two);
    await claim('east', [player]);
    const now = new Date();
    const settled = await run(() =>
      queue.settle({
        server: 'east',
        now,
        outcomes: [
          { id: one.id, ok: true, message: 'ran' },
          { id: two.id, ok: false, message: 'No such vehicle' },
        ],
      }),
    );
    expect(settled.map((g) => [g.id, g.status, g.result]).sort()).toEqual(
      [
        [one.id, 'ran', 'ran'],
        [two.id, 'failed', 'No such vehicle'],
      ].sort(),
    );
    expect(
      await run(() => queue.settle({ server: 'west', now, outcomes: [{ id: one.id, ok: false, message: 'late' }] })),
    ).toEqual([]);
    const found = await run(() => queue.findById(one.id));
    expect(found).toMatchObject({ status: 'ran', server: 'east', result: 'ran' });
    expect(found?.timeline.map((line) => [line.kind, line.server])).toEqual([
      ['queued', null],
      ['offered', 'east'],
      ['ran', 'east'],
    ]);
    expect((await run(() => queue.lock([one.id, two.id, 'not-an-id']))).map((g) => g.id).sort()).toEqual(
      [one.id, two.id].sort(),
    );
  });

  it("releases a refund's held steps once nothing is out: queued when something ran, cancelled when nothing did", async () => {
    for (const ran of [true, false]) {
      const player = randomDiscordId();
      const purchaseId = crypto.randomUUID();
      const giving = grant({ status: 'queued', discordId: player, purchaseId });
      const reversal = grant({ status: 'held', discordId: player, purchaseId, action: 'refund' });
      await add(giving, reversal);
      await claim('east', [player]);
      expect(await run(() => queue.releaseHeld(purchaseId, new Date()))).toEqual([]);
      await run(() =>
        queue.settle({ server: 'east', now: new Date(), outcomes: [{ id: giving.id, ok: ran, message: null }] }),
      );
      const released = await run(() => queue.releaseHeld(purchaseId, new Date()));
      expect(released.map((g) => [g.id, g.status])).toEqual([[reversal.id, ran ? 'queued' : 'cancelled']]);
      expect((await run(() => queue.givingGrantsOf(purchaseId))).map((g) => g.id)).toEqual([giving.id]);
      expect((await run(() => queue.forPurchases([purchaseId]))).map((g) => g.id).sort()).toEqual(
        [giving.id, reversal.id].sort(),
      );
    }
  });

  it('moves a grant by hand only from the statuses given, with its line', async () => {
    const failed = grant({ status: 'failed' });
    await add(failed);
    const at = new Date();
    const line = { kind: 'done_by_hand' as const, at, server: null, message: 'Given by hand', actor: 'Marie' };
    const moved = await run(() =>
      queue.change({ id: failed.id, from: ['failed'], to: 'done_by_hand', result: 'Given by hand', event: line }),
    );
    expect(moved).toMatchObject({ status: 'done_by_hand', result: 'Given by hand' });
    expect(await run(() => queue.change({ id: failed.id, from: ['failed'], to: 'cancelled', event: line }))).toBeNull();
    const found = await run(() => queue.findById(failed.id));
    expect(found?.timeline.at(-1)).toMatchObject({ kind: 'done_by_hand', actor: 'Marie', message: 'Given by hand' });
    const listed = await run(() => queue.list({ statuses: ['done_by_hand'], limit: 500 }));
    expect(listed.some((g) => g.id === failed.id)).toBe(true);
  });
});
