import {
  type AuditChain,
  type AuditChainEntry,
  type AuditChainQuery,
  type ChainedLog,
  type ChainFields,
  nextLink,
} from '../../core/audit/model/audit-chain.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/**
 * The audit chain in memory: the logs append their rows' fields here as they record them, and a rolled-back
 * transaction takes its links back with its rows (transactions run one at a time, so no two rows share a head).
 */
export class InMemoryAuditChain implements AuditChain, SnapshotStore {
  private readonly entries: AuditChainEntry[] = [];

  snapshot(): () => void {
    return snapshotArray(this.entries);
  }

  append(log: ChainedLog, id: string, createdAt: Date, fields: ChainFields): void {
    const link = nextLink(this.entries.at(-1) ?? null, log, fields);
    this.entries.push({ ...link, log, id, createdAt: new Date(createdAt), fields: { ...fields } });
  }

  async read({ after, limit, from, to }: AuditChainQuery): Promise<AuditChainEntry[]> {
    return this.entries
      .filter((entry) => entry.position > after && (!from || entry.createdAt >= from) && (!to || entry.createdAt < to))
      .slice(0, limit)
      .map((entry) => structuredClone(entry));
  }
}
