import { type AuditEntry, auditEntryFields } from '../../core/applications/model/audit-entry.ts';
import type { AuditLog, AuditQuery } from '../../core/applications/ports.ts';
import { InMemoryAuditChain } from './in-memory-audit-chain.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/** Keeps rows in the order they were recorded. */
export class InMemoryAuditLog implements AuditLog, SnapshotStore {
  private readonly rows: AuditEntry[] = [];

  /** `chain`: the audit chain this log's rows are linked into, shared with the account-action log */
  constructor(private readonly chain = new InMemoryAuditChain()) {}

  /** the rows and the chain they are linked into go back together */
  snapshot(): () => void {
    const rows = snapshotArray(this.rows);
    const chain = this.chain.snapshot();
    return () => {
      rows();
      chain();
    };
  }

  async record(entry: AuditEntry): Promise<void> {
    this.rows.push(structuredClone(entry));
    this.chain.append('application-review', entry.id, entry.createdAt, auditEntryFields(entry));
  }

  async forApplications(applicationIds: readonly string[]): Promise<AuditEntry[]> {
    const wanted = new Set(applicationIds);
    return this.rows.filter((row) => wanted.has(row.applicationId)).map((row) => structuredClone(row));
  }

  async list(query: AuditQuery = {}): Promise<AuditEntry[]> {
    return this.rows
      .filter(
        (row) =>
          (!query.kind || row.kind === query.kind) &&
          (!query.applicationId || row.applicationId === query.applicationId),
      )
      .map((row) => structuredClone(row));
  }
}
