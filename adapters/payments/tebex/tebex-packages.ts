import type { Catalogue } from '../../../core/catalogue/model/catalogue.ts';
import { ConflictError } from '../../../core/shared/errors.ts';
import { formatUsd } from '../../../core/shared/money.ts';
import type { TebexClient, TebexPackage } from './tebex-client.ts';

/** One catalogue item's Tebex package: `product-id`, or `product-id:option-id` for an option. */
export interface TebexPackageEntry {
  itemKey: string;
  packageId: number;
  packageName: string;
  priceCents: number;
}

/** Where `tebex sync` keeps the map it found (the database, so every server process reads the same). */
export interface TebexPackageStore {
  all(): Promise<TebexPackageEntry[]>;
  replace(entries: TebexPackageEntry[], at: Date): Promise<void>;
}

export function itemKey(productId: string, optionId?: string | null): string {
  return optionId ? `${productId}:${optionId}` : productId;
}

/** Every item the catalogue sells, by key, with the name a Tebex package must carry and the price it must have. */
export function sellableItems(catalogue: Catalogue): Array<{ key: string; name: string; priceCents: number }> {
  return catalogue.list().flatMap((product) => {
    if (product.options.length === 0) {
      const item = catalogue.price(product.id, product.type);
      return [{ key: itemKey(product.id), name: item.name, priceCents: item.priceCents }];
    }
    return product.options.map((option) => {
      const item = catalogue.price(product.id, product.type, option.id);
      return { key: itemKey(product.id, option.id), name: item.name, priceCents: item.priceCents };
    });
  });
}

/**
 * Which Tebex package sells a catalogue item: TEBEX_PACKAGE_MAP when it is set (it wins, whole), otherwise the map
 * `tebex sync` stored.
 */
export class TebexPackageMap {
  constructor(
    private readonly fixed: Record<string, number> | null,
    private readonly store: TebexPackageStore,
  ) {}

  private async entries(): Promise<Map<string, number>> {
    if (this.fixed) return new Map(Object.entries(this.fixed));
    return new Map((await this.store.all()).map((entry) => [entry.itemKey, entry.packageId]));
  }

  /** the package selling the item; a clear refusal when none does yet */
  async packageFor(key: string, itemName: string): Promise<number> {
    const id = (await this.entries()).get(key);
    if (id === undefined)
      throw new ConflictError(
        'TEBEX_PACKAGE_MISSING',
        `${itemName} is not for sale through Tebex yet: the store owner must add it to the Tebex webstore and run "tebex sync".`,
      );
    return id;
  }

  /** the catalogue item a package sells, or null */
  async keyOf(packageId: number): Promise<string | null> {
    for (const [key, id] of await this.entries()) if (id === packageId) return key;
    return null;
  }
}

/** Refuses to sell an item whose Tebex package costs something else than the catalogue says, naming both prices. */
export function checkTebexPrice(itemName: string, catalogueCents: number, tebex: TebexPackage): number {
  if (tebex.currency && tebex.currency.toLowerCase() !== 'usd')
    throw new ConflictError(
      'TEBEX_CURRENCY_DIFFERS',
      `${itemName} is priced in ${tebex.currency.toUpperCase()} on Tebex; the store sells in USD, so the webstore's currency must be USD.`,
    );
  const tebexCents = Math.round(tebex.base_price * 100);
  if (tebexCents !== catalogueCents)
    throw new ConflictError(
      'TEBEX_PRICE_DIFFERS',
      `${itemName} costs ${formatUsd(catalogueCents)} here but ${formatUsd(tebexCents)} on Tebex: it cannot be sold until the store owner makes the prices match.`,
    );
  return tebexCents;
}

export interface TebexSyncReport {
  entries: TebexPackageEntry[];
  /** catalogue items no package sells */
  missing: Array<{ key: string; name: string }>;
  /** items whose package costs something else */
  priceDiffers: Array<{ key: string; name: string; catalogueCents: number; tebexCents: number }>;
}

/**
 * Matches every catalogue item to a webstore package: TEBEX_PACKAGE_MAP's id when it names the item, otherwise the
 * package with the item's name (letter case and spacing aside).
 */
export async function matchTebexPackages(
  client: TebexClient,
  catalogue: Catalogue,
  fixed: Record<string, number> | null,
): Promise<TebexSyncReport> {
  const packages = await client.listPackages();
  const byId = new Map(packages.map((pkg) => [pkg.id, pkg]));
  const byName = new Map(packages.map((pkg) => [normal(pkg.name), pkg]));
  const report: TebexSyncReport = { entries: [], missing: [], priceDiffers: [] };
  for (const item of sellableItems(catalogue)) {
    const pinned = fixed?.[item.key];
    const pkg = pinned !== undefined ? byId.get(pinned) : byName.get(normal(item.name));
    if (!pkg) {
      report.missing.push({ key: item.key, name: item.name });
      continue;
    }
    const tebexCents = Math.round(pkg.base_price * 100);
    if (tebexCents !== item.priceCents)
      report.priceDiffers.push({ key: item.key, name: item.name, catalogueCents: item.priceCents, tebexCents });
    report.entries.push({ itemKey: item.key, packageId: pkg.id, packageName: pkg.name, priceCents: tebexCents });
  }
  return report;
}

function normal(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
