import type { AuditEntry } from '../../core/applications/audit-entry.ts';
import type { AuditLog, AuditQuery } from '../../core/applications/ports.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/** Keeps rows in the order they were recorded. */
export class InMemoryAuditLog implements AuditLog, SnapshotStore {
  private readonly rows: AuditEntry[] = [];

  snapshot(): () => void {
    return snapshotArray(this.rows);
  }

  async record(entry: AuditEntry): Promise<void> {
    this.rows.push(structuredClone(entry));
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
