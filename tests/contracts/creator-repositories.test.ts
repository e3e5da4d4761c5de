import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Creator } from '../../core/creators/model/creator.ts';
import type { CreatorRepository } from '../../core/creators/ports.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import type { Purchase, PurchaseStatus } from '../../core/purchases/model/purchase.ts';
import { InMemoryCreatorRepository } from '../../adapters/memory/in-memory-creator-repository.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { MikroOrmCreatorRepository } from '../../adapters/persistence/mikro-orm-creator-repository.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';

interface Harness {
  creators: CreatorRepository;
  purchases: PurchaseRepository;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const purchases = new InMemoryPurchaseRepository();
    return {
      creators: new InMemoryCreatorRepository(() => purchases.list({})),
      purchases,
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => {
    return {
      creators: new MikroOrmCreatorRepository(db.database),
      purchases: new MikroOrmPurchaseRepository(db.database),
      addUser: db.addUser,
      run: (work) => db.database.withContext(work),
    };
  },
};

const NOV = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };

describeRepositoryContract('creator repository', adapters, (h) => {
  const creatorOf = async (code: string, fields: Partial<Creator> = {}): Promise<Creator> => ({
    id: randomUUID(),
    userId: await h.addUser(),
    code,
    sharePercent: 10,
    createdAt: new Date('2026-11-01T10:00:00Z'),
    disabledAt: null,
    ...fields,
  });

  /** a purchase naming `creator`, completed at `at` (money taken `paid`), then moved to `status` */
  const sold = async (
    creator: Creator | null,
    at: Date | null,
    cents: { price: number; paid?: number },
    status: PurchaseStatus = 'completed',
  ): Promise<Purchase> => {
    const purchase = pendingPurchase({
      userId: await h.addUser(),
      productType: 'gang',
      productId: 'starter-gang',
      productName: 'Starter Gang',
      priceCents: cents.price,
      tokensGranted: 50,
      createdAt: new Date('2026-10-30T10:00:00Z'),
      creator: creator ? { id: creator.id, code: creator.code, provider: null } : null,
    });
    await h.run(() => h.purchases.add(purchase));
    if (at)
      await h.run(() =>
        h.purchases.update(purchase.id, () => ({
          status: 'completed',
          completedAt: at,
          updatedAt: at,
          ...(cents.paid !== undefined ? { amountPaidCents: cents.paid } : {}),
        })),
      );
    if (status !== 'completed' && status !== 'pending')
      await h.run(() => h.purchases.update(purchase.id, () => ({ status, updatedAt: new Date() })));
    return (await h.run(() => h.purchases.findById(purchase.id))) as Purchase;
  };

  it('stores a creator, finds it by code in any case and by player, and lists creators by code', async () => {
    const zed = await creatorOf('Zed_Bayou');
    const amy = await creatorOf('amy-k');
    expect(await h.run(() => h.creators.add(zed))).toBe('added');
    expect(await h.run(() => h.creators.add(amy))).toBe('added');
    expect(await h.run(() => h.creators.findByCode('zed_bayou'))).toEqual(zed);
    expect(await h.run(() => h.creators.findByCode(' AMY-K '))).toEqual(amy);
    expect(await h.run(() => h.creators.findByCode('nobody'))).toBeNull();
    expect(await h.run(() => h.creators.findByUser(zed.userId))).toEqual(zed);
    expect(await h.run(() => h.creators.findByUser(randomUUID()))).toBeNull();
    const codes = (await h.run(() => h.creators.list())).map((creator) => creator.code);
    expect(codes.indexOf('amy-k')).toBeLessThan(codes.indexOf('Zed_Bayou'));
  });

  it('refuses a code taken in any case, and a second code for one player; of concurrent adds of one code one wins', async () => {
    const first = await creatorOf('Gumbo');
    expect(await h.run(() => h.creators.add(first))).toBe('added');
    expect(await h.run(async () => h.creators.add(await creatorOf('GUMBO')))).toBe('code_taken');
    expect(await h.run(() => h.creators.add({ ...first, id: randomUUID(), code: 'Jambalaya' }))).toBe(
      'already_creator',
    );
    const racers = await Promise.all(Array.from({ length: 8 }, (_, n) => creatorOf(n % 2 ? 'Crawfish' : 'crawfish')));
    const outcomes = await Promise.all(racers.map((creator) => h.run(() => h.creators.add(creator))));
    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'code_taken')).toHaveLength(7);
  });

  it('disables a code once, keeping its first time, and answers null for an unknown one', async () => {
    const creator = await creatorOf('Etouffee');
    await h.run(() => h.creators.add(creator));
    const at = new Date('2026-11-20T10:00:00Z');
    expect(await h.run(() => h.creators.disable('ETOUFFEE', at))).toEqual({ ...creator, disabledAt: at });
    const later = await h.run(() => h.creators.disable('etouffee', new Date('2026-11-21T10:00:00Z')));
    expect(later?.disabledAt).toEqual(at);
    expect(await h.run(() => h.creators.disable('nobody-here', at))).toBeNull();
  });

  it("sums a creator's purchases completed in the period: money taken, and refunds and disputes apart", async () => {
    const creator = await creatorOf('Boudin');
    const other = await creatorOf('Praline');
    await h.run(() => h.creators.add(creator));
    await h.run(() => h.creators.add(other));
    await sold(creator, new Date('2026-11-01T00:00:00Z'), { price: 5000 });
    await sold(creator, new Date('2026-11-30T23:59:59Z'), { price: 8000, paid: 7000 });
    await sold(creator, new Date('2026-11-15T12:00:00Z'), { price: 6000 }, 'refunded');
    await sold(creator, new Date('2026-11-16T12:00:00Z'), { price: 1000 }, 'disputed');
    // outside the month, never completed, or another creator's / no creator's
    await sold(creator, new Date('2026-12-01T00:00:00Z'), { price: 9900 });
    await sold(creator, new Date('2026-10-31T23:59:59Z'), { price: 9900 });
    await sold(creator, null, { price: 9900 });
    await sold(creator, null, { price: 9900 }, 'failed');
    await sold(other, new Date('2026-11-10T12:00:00Z'), { price: 2500 });
    await sold(null, new Date('2026-11-10T12:00:00Z'), { price: 2500 });

    const all = await h.run(() => h.creators.sales(NOV));
    const mine = all.find((row) => row.creatorId === creator.id);
    expect(mine).toEqual({ creatorId: creator.id, sales: 2, takenCents: 12000, refunds: 2, refundedCents: 7000 });
    expect(all.find((row) => row.creatorId === other.id)).toEqual({
      creatorId: other.id,
      sales: 1,
      takenCents: 2500,
      refunds: 0,
      refundedCents: 0,
    });
    expect(await h.run(() => h.creators.sales(NOV, other.id))).toEqual([
      { creatorId: other.id, sales: 1, takenCents: 2500, refunds: 0, refundedCents: 0 },
    ]);
    expect(await h.run(() => h.creators.sales(NOV, randomUUID()))).toEqual([]);
  });

  it('keeps the creator a purchase names through its checkout being revised', async () => {
    const creator = await creatorOf('Beignet');
    await h.run(() => h.creators.add(creator));
    const purchase = await sold(null, null, { price: 5000 });
    const named = { id: creator.id, code: creator.code, provider: 'refused' as const };
    const revised = await h.run(() =>
      h.purchases.reviseCheckout(purchase.id, { creator: named, updatedAt: new Date() }),
    );
    expect(revised?.creator).toEqual(named);
    expect((await h.run(() => h.purchases.findById(purchase.id)))?.creator).toEqual(named);
    const cleared = await h.run(() =>
      h.purchases.reviseCheckout(purchase.id, { creator: null, updatedAt: new Date() }),
    );
    expect(cleared?.creator ?? null).toBeNull();
  });
});
