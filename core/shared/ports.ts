export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

export const systemClock: Clock = { now: () => new Date() };

/** Runs work atomically: every repository call inside either all commits or all rolls back. */
export interface TransactionRunner {
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Whether a failure was the store turning the work away for now (a lock not granted in time, a deadlock or
   * serialization failure, no connection free): nothing was written, and the same work may run again.
   */
  isTransient?(error: unknown): boolean;
}
