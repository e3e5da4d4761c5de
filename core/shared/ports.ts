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
}
