import { AsyncLocalStorage } from 'node:async_hooks';
import type { TransactionRunner } from '../../core/shared/ports.ts';

/** An in-memory store that can take a copy of its data and put it back. */
export interface SnapshotStore {
  /** copies the data now; calling the answer restores that copy */
  snapshot(): () => void;
}

/** A snapshot of a map: the copy is deep, and the restore refills the same map (others may hold it). */
export function snapshotMap<K, V>(map: Map<K, V>): () => void {
  const saved = structuredClone(map);
  return () => {
    map.clear();
    for (const [key, value] of saved) map.set(key, value);
  };
}

export function snapshotArray<T>(array: T[]): () => void {
  const saved = structuredClone(array);
  return () => {
    array.splice(0, array.length, ...saved);
  };
}

/**
 * Transactions over the in-memory stores registered with it: when the work throws, every store is put back
 * as it was when the work began, as a database rolls back. Transactions run one at a time (a later one waits
 * for the running one to end), so a rollback never undoes another transaction's writes. A transaction
 * started inside another one joins it as a savepoint: its own failure undoes only its own writes.
 * Writes made outside any transaction while one runs are not isolated from it: a rollback undoes them too.
 */
export class InMemoryTransactions implements TransactionRunner {
  private readonly stores: SnapshotStore[] = [];
  private readonly inside = new AsyncLocalStorage<true>();
  private queue: Promise<unknown> = Promise.resolve();
  /** memory never turns work away; a test standing in for a busy database says which failures it means */
  isTransient: (error: unknown) => boolean = () => false;

  constructor(stores: SnapshotStore[] = []) {
    this.register(...stores);
  }

  register(...stores: SnapshotStore[]): this {
    this.stores.push(...stores);
    return this;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return this.undoOnFailure(work);
    const turn = this.queue.then(() => this.inside.run(true, () => this.undoOnFailure(work)));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async undoOnFailure<T>(work: () => Promise<T>): Promise<T> {
    const restores = this.stores.map((store) => store.snapshot());
    try {
      return await work();
    } catch (error) {
      for (const restore of restores) restore();
      throw error;
    }
  }
}
