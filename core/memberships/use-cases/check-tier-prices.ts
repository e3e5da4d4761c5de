import type { TierPrices, TierPriceState } from '../ports.ts';

/** Compares each tier's monthly price at the provider with the catalogue; `sync` first makes the missing or wrong ones. */
export class CheckTierPrices {
  constructor(private readonly prices: TierPrices) {}

  execute(input: { sync: boolean }): Promise<TierPriceState[]> {
    return input.sync ? this.prices.syncPrices() : this.prices.checkPrices();
  }
}
