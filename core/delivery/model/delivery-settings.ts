export interface DeliverySettings {
  /** tries before a delivery is left as failed */
  maxAttempts: number;
  /** the wait after the first failed try; it doubles with each further try */
  retryBaseMs: number;
  retryMaxMs: number;
  /** how long a claimed delivery stays with its worker before another may take it */
  leaseMs: number;
  batchSize: number;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  maxAttempts: 8,
  retryBaseMs: 5_000,
  retryMaxMs: 15 * 60_000,
  leaseMs: 60_000,
  batchSize: 20,
};

/** The wait before try number `attempts + 1`: base, 2 x base, 4 x base, ... up to the cap. */
export function backoffMs(attempts: number, settings: Pick<DeliverySettings, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}
