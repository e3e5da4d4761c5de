import type { TebexPackageEntry, TebexPackageStore } from '../payments/tebex/tebex-packages.ts';

/** The map `tebex sync` wrote, in memory, like tebex_packages: replaced whole, read by item key. */
export class InMemoryTebexPackageStore implements TebexPackageStore {
  private entries: TebexPackageEntry[] = [];

  async all(): Promise<TebexPackageEntry[]> {
    return this.entries.map((entry) => ({ ...entry })).sort((a, b) => (a.itemKey < b.itemKey ? -1 : 1));
  }

  async replace(entries: TebexPackageEntry[], _at: Date): Promise<void> {
    const byKey = new Map<string, TebexPackageEntry>();
    for (const entry of entries) {
      if (byKey.has(entry.itemKey)) throw new Error(`Tebex package map: ${entry.itemKey} is named twice`);
      byKey.set(entry.itemKey, { ...entry });
    }
    this.entries = [...byKey.values()];
  }
}
