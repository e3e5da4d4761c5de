import type { StoreBanRecord } from '../../core/players/ports.ts';
import type { StoreBans } from '../../core/purchases/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** Buyers banned from the store, by user id; the first ban's reason is stored, like store_bans. */
export class InMemoryStoreBans implements StoreBans, SnapshotStore {
  private readonly reasons = new Map<string, StoreBanRecord>();

  snapshot(): () => void {
    return snapshotMap(this.reasons);
  }

  async isBanned(userId: string): Promise<boolean> {
    return this.reasons.has(userId);
  }

  async find(userId: string): Promise<StoreBanRecord | null> {
    const ban = this.reasons.get(userId);
    return ban ? { ...ban } : null;
  }

  async ban(userId: string, reason: string): Promise<void> {
    if (!this.reasons.has(userId)) this.reasons.set(userId, { reason, createdAt: new Date() });
  }

  async lift(userId: string): Promise<boolean> {
    return this.reasons.delete(userId);
  }
}
