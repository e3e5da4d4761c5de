import type { TebexPackageEntry, TebexPackageStore } from '../payments/tebex/tebex-packages.ts';
import type { Database } from './database.ts';
import { TebexPackageRow } from './purchase-entities.ts';

/** The map `tebex sync` wrote (migration 0012); replaced whole, in one transaction. */
export class MikroOrmTebexPackageStore implements TebexPackageStore {
  constructor(private readonly database: Database) {}

  async all(): Promise<TebexPackageEntry[]> {
    const rows = await this.database.em.find(
      TebexPackageRow,
      {},
      { orderBy: { itemKey: 'asc' }, disableIdentityMap: true },
    );
    return rows.map(({ itemKey, packageId, packageName, priceCents }) => ({
      itemKey,
      packageId,
      packageName,
      priceCents,
    }));
  }

  async replace(entries: TebexPackageEntry[], at: Date): Promise<void> {
    await this.database.transactional(async () => {
      await this.database.em.nativeDelete(TebexPackageRow, {});
      if (entries.length > 0)
        await this.database.em.insertMany(
          TebexPackageRow,
          entries.map((entry) => ({ ...entry, syncedAt: at })),
        );
    });
  }
}
