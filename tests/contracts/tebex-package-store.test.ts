import { expect, it } from 'vitest';
import { InMemoryTebexPackageStore } from '../../adapters/memory/in-memory-tebex-package-store.ts';
import type { TebexPackageEntry, TebexPackageStore } from '../../adapters/payments/tebex/tebex-packages.ts';
import { MikroOrmTebexPackageStore } from '../../adapters/persistence/mikro-orm-tebex-package-store.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  store: TebexPackageStore;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => ({ store: new InMemoryTebexPackageStore(), run: (work) => work() }),
  database: (db) => ({
    store: new MikroOrmTebexPackageStore(db.database),
    run: (work) => db.database.withContext(work),
  }),
};

const at = new Date('2026-11-29T09:00:00Z');
const entry = (itemKey: string, packageId: number, priceCents = 6000): TebexPackageEntry => ({
  itemKey,
  packageId,
  packageName: `Package ${packageId}`,
  priceCents,
});
/** the port promises no order: compared by item key */
const byKey = (entries: TebexPackageEntry[]) => entries.toSorted((a, b) => a.itemKey.localeCompare(b.itemKey));

describeRepositoryContract("Tebex's package map", adapters, (h) => {
  it('is empty before the first sync, so no item is for sale through Tebex yet', async () => {
    const fresh = await h.run(() => h.store.all());
    // the suite's store is shared by its tests: this one runs first
    expect(fresh).toEqual([]);
  });

  it('answers every entry a sync wrote, each field as written', async () => {
    const written = [entry('swamp-blood', 101), entry('priority-pass:gold', 102, 1500), entry('city-unban', 103, 2500)];
    await h.run(() => h.store.replace(written, at));
    expect(byKey(await h.run(() => h.store.all()))).toEqual(byKey(written));
  });

  it('replaces the map whole: an item the new sync did not find is no longer for sale', async () => {
    await h.run(() => h.store.replace([entry('swamp-blood', 101), entry('city-unban', 103)], at));
    await h.run(() => h.store.replace([entry('swamp-blood', 201, 6500)], at));
    expect(await h.run(() => h.store.all())).toEqual([entry('swamp-blood', 201, 6500)]);
    await h.run(() => h.store.replace([], at));
    expect(await h.run(() => h.store.all())).toEqual([]);
  });

  it('keeps the map it had when a sync names one item twice', async () => {
    const before = [entry('swamp-blood', 101)];
    await h.run(() => h.store.replace(before, at));
    await expect(
      h.run(() => h.store.replace([entry('city-unban', 103), entry('city-unban', 104)], at)),
    ).rejects.toThrow();
    expect(await h.run(() => h.store.all())).toEqual(before);
  });
});
