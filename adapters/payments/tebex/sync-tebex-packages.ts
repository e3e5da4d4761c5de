import type { Catalogue } from '../../../core/catalogue/model/catalogue.ts';
import type { TebexClient } from './tebex-client.ts';
import { matchTebexPackages, type TebexPackageStore, type TebexSyncReport } from './tebex-packages.ts';

/**
 * Matches every catalogue item to a package of the Tebex webstore (the fixed map's id, else the package with the
 * item's name) and stores the map; nothing is stored while any item has no package.
 */
export class SyncTebexPackages {
  constructor(
    private readonly client: TebexClient,
    private readonly catalogue: Catalogue,
    /** TEBEX_PACKAGE_MAP, which wins over the stored map; null when unset */
    private readonly fixed: Record<string, number> | null,
    private readonly store: TebexPackageStore,
  ) {}

  async execute(input: { now: Date }): Promise<TebexSyncReport & { stored: boolean }> {
    const report = await matchTebexPackages(this.client, this.catalogue, this.fixed);
    const stored = report.missing.length === 0;
    if (stored) await this.store.replace(report.entries, input.now);
    return { stored, ...report };
  }
}
