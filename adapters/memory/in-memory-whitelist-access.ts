import type { WhitelistAccess } from '../../core/applications/ports.ts';
import type { SnapshotStore } from './in-memory-transactions.ts';

/** Remembers who was let in. */
export class InMemoryWhitelistAccess implements WhitelistAccess, SnapshotStore {
  readonly granted = new Set<string>();

  snapshot(): () => void {
    const saved = new Set(this.granted);
    return () => {
      this.granted.clear();
      for (const id of saved) this.granted.add(id);
    };
  }

  async grant(userId: string): Promise<void> {
    this.granted.add(userId);
  }
}
