import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { DeliveryOutbox } from '../../core/delivery/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryDeliveryOutbox } from '../../adapters/memory/in-memory-delivery-outbox.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { MikroOrmDeliveryOutbox } from '../../adapters/persistence/mikro-orm-delivery-outbox.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { delivery } from '../support/delivery-builders.ts';

interface Harness {
  outbox: DeliveryOutbox;
  transactions: TransactionRunner;
  addPurchase(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const outbox = new InMemoryDeliveryOutbox();
    return {
      outbox,
      transactions: new InMemoryTransactions([outbox]),
      addPurchase: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => ({
    outbox: new MikroOrmDeliveryOutbox(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    addPurchase: db.addPurchase,
    run: (work) => db.database.withContext(work),
  }),
  poolMax: 6,
};

describeRepositoryContract('delivery outbox', adapters, (h) => {
  let outbox: DeliveryOutbox;
  const run = <T>(work: () => Promise<T>) => h.run(work);

  beforeAll(() => {
    outbox = h.outbox;
  });

  it('writes one row per dedupe key, and nothing when the transaction that wrote it rolls back', async () => {
    const first = delivery();
    await run(() => outbox.add([first, delivery({ dedupeKey: first.dedupeKey })]));
    expect((await run(() => outbox.list({}))).filter((row) => row.dedupeKey === first.dedupeKey)).toHaveLength(1);

    const lost = delivery();
    await expect(
      run(() =>
        h.transactions.run(async () => {
          await outbox.add([lost]);
          throw new Error('the purchase could not be completed');
        }),
      ),
    ).rejects.toThrow('the purchase could not be completed');
    expect(await run(() => outbox.findById(lost.id))).toBeNull();
  });

  it('hands each due row to one claimer only, however many claim at once', async () => {
    const rows = Array.from({ length: 40 }, () => delivery());
    await run(() => outbox.add(rows));
    const later = delivery({ nextAttemptAt: new Date(Date.now() + 60_000) });
    await run(() => outbox.add([later]));
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => run(() => outbox.claimDue(now, 10, new Date(now.getTime() + 60_000)))),
    );
    const claimed = claims.flat().map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const id of rows.map((row) => row.id)) expect(claimed).toContain(id);
    expect(claimed).not.toContain(later.id);
    expect(claims.flat().every((row) => row.status === 'sending' && row.attempts === 1)).toBe(true);
    // nothing is due again while the leases run
    expect(await run(() => outbox.claimDue(now, 100, new Date(now.getTime() + 60_000)))).toEqual([]);
  });

  it('gives a row whose lease lapsed to the next claimer, and keeps the first outcome recorded', async () => {
    const row = delivery();
    await run(() => outbox.add([row]));
    const t0 = new Date(Date.now() + 1000);
    const [mine] = await run(() => outbox.claimDue(t0, 100, new Date(t0.getTime() + 10)));
    expect(mine.id).toBe(row.id);
    const [taken] = (
      await run(() => outbox.claimDue(new Date(t0.getTime() + 20), 100, new Date(t0.getTime() + 60_000)))
    ).filter((d) => d.id === row.id);
    expect(taken.attempts).toBe(2);
    const at = new Date();
    await run(() =>
      outbox.settle(row.id, {
        status: 'delivered',
        nextAttemptAt: at,
        lastError: null,
        deliveredAt: at,
        updatedAt: at,
      }),
    );
    await run(() =>
      outbox.settle(row.id, {
        status: 'pending',
        nextAttemptAt: at,
        lastError: 'late',
        deliveredAt: null,
        updatedAt: at,
      }),
    );
    expect(await run(() => outbox.findById(row.id))).toMatchObject({ status: 'delivered', lastError: null });
  });

  it('requeues failed rows only, with a fresh count of tries', async () => {
    const failed = delivery({ status: 'failed', attempts: 8, lastError: 'Try 8: Discord answered 500.' });
    const notConfigured = delivery({ status: 'not_configured', lastError: 'Discord delivery is not configured.' });
    await run(() => outbox.add([failed, notConfigured]));
    expect(await run(() => outbox.requeueFailed([notConfigured.id, 'not-a-uuid'], new Date()))).toEqual([]);
    expect(await run(() => outbox.requeueFailed('all', new Date()))).toEqual([failed.id]);
    expect(await run(() => outbox.findById(failed.id))).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await run(() => outbox.findById(notConfigured.id))).toMatchObject({ status: 'not_configured' });
  });

  it('records a failed try and offers the row again only once its next attempt is due', async () => {
    const row = delivery();
    await run(() => outbox.add([row]));
    const t0 = new Date(Date.now() + 1000);
    const lease = (at: Date) => new Date(at.getTime() + 60_000);
    expect((await run(() => outbox.claimDue(t0, 100, lease(t0)))).map((d) => d.id)).toContain(row.id);
    const retryAt = new Date(t0.getTime() + 5_000);
    await run(() =>
      outbox.settle(row.id, {
        status: 'pending',
        nextAttemptAt: retryAt,
        lastError: 'Try 1: Discord answered 500.',
        deliveredAt: null,
        updatedAt: t0,
      }),
    );
    expect(await run(() => outbox.findById(row.id))).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: retryAt,
      lastError: 'Try 1: Discord answered 500.',
    });
    const early = new Date(retryAt.getTime() - 1);
    expect((await run(() => outbox.claimDue(early, 100, lease(early)))).map((d) => d.id)).not.toContain(row.id);
    const [again] = (await run(() => outbox.claimDue(retryAt, 100, lease(retryAt)))).filter((d) => d.id === row.id);
    expect(again).toMatchObject({ status: 'sending', attempts: 2 });
  });

  it('lists newest first with a status filter and a limit, and finds rows by purchase, oldest first', async () => {
    const purchaseId = await h.addPurchase();
    const base = Date.now() + 10_000;
    const grant = delivery({ kind: 'grant_role', purchaseId, createdAt: new Date(base), status: 'delivered' });
    const message = delivery({ kind: 'message_user', purchaseId, createdAt: new Date(base + 1), status: 'delivered' });
    const unrelated = delivery({ createdAt: new Date(base + 2), status: 'delivered' });
    await run(() => outbox.add([message, grant, unrelated]));
    const listed = await run(() => outbox.list({ status: 'delivered', limit: 2 }));
    expect(listed.map((d) => d.id)).toEqual([unrelated.id, message.id]);
    expect((await run(() => outbox.list({ status: 'failed' }))).every((d) => d.status === 'failed')).toBe(true);
    expect((await run(() => outbox.forPurchases([purchaseId, 'not-a-uuid']))).map((d) => d.id)).toEqual([
      grant.id,
      message.id,
    ]);
    expect(await run(() => outbox.forPurchases([]))).toEqual([]);
    expect(await run(() => outbox.findById(randomUUID()))).toBeNull();
    expect(await run(() => outbox.findById('not-a-uuid'))).toBeNull();
  });
});
