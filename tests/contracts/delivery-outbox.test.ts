import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../core/delivery/delivery.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { MikroOrmDeliveryOutbox } from '../../adapters/persistence/mikro-orm-delivery-outbox.ts';
import { createTestDatabase, databaseTargets, type TestDatabase } from '../support/databases.ts';

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  const now = new Date();
  const id = randomUUID();
  return {
    id, kind: 'notify_staff', status: 'pending', userId: null, discordId: null, roleId: null, content: 'New purchase', purchaseId: null,
    applicationId: null, dedupeKey: `test:${id}`, attempts: 0, nextAttemptAt: now, lastError: null, createdAt: now, updatedAt: now, deliveredAt: null,
    ...overrides,
  };
}

describe.each(databaseTargets())('delivery outbox on %s', (target) => {
  let testDb: TestDatabase;
  let database: Database;
  let outbox: MikroOrmDeliveryOutbox;
  const run = <T>(work: () => Promise<T>) => database.withContext(work);

  beforeAll(async () => {
    testDb = await createTestDatabase(target);
    database = await Database.open({ url: testDb.url, dataDir: 'memory', poolMax: 6 });
    await database.migrate();
    outbox = new MikroOrmDeliveryOutbox(database);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it('writes one row per dedupe key, and nothing when the transaction that wrote it rolls back', async () => {
    const first = delivery();
    await run(() => outbox.add([first, delivery({ dedupeKey: first.dedupeKey })]));
    expect((await run(() => outbox.list({}))).filter((row) => row.dedupeKey === first.dedupeKey)).toHaveLength(1);

    const lost = delivery();
    await expect(run(() => database.transactional(async () => {
      await outbox.add([lost]);
      throw new Error('the purchase could not be completed');
    }))).rejects.toThrow('the purchase could not be completed');
    expect(await run(() => outbox.findById(lost.id))).toBeNull();
  });

  it('hands each due row to one claimer only, however many claim at once', async () => {
    const rows = Array.from({ length: 40 }, () => delivery());
    await run(() => outbox.add(rows));
    const later = delivery({ nextAttemptAt: new Date(Date.now() + 60_000) });
    await run(() => outbox.add([later]));
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all(Array.from({ length: 6 }, () => run(() => outbox.claimDue(now, 10, new Date(now.getTime() + 60_000)))));
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
    const [taken] = (await run(() => outbox.claimDue(new Date(t0.getTime() + 20), 100, new Date(t0.getTime() + 60_000)))).filter((d) => d.id === row.id);
    expect(taken.attempts).toBe(2);
    const at = new Date();
    await run(() => outbox.settle(row.id, { status: 'delivered', nextAttemptAt: at, lastError: null, deliveredAt: at, updatedAt: at }));
    await run(() => outbox.settle(row.id, { status: 'pending', nextAttemptAt: at, lastError: 'late', deliveredAt: null, updatedAt: at }));
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
});
