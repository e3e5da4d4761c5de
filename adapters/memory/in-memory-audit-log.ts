import { type AuditEntry, auditEntryFields } from '../../core/applications/model/audit-entry.ts';
import type { AuditLog, AuditQuery } from '../../core/applications/ports.ts';
import type { InMemoryAuditChain } from './in-memory-audit-chain.ts';
import { InMemoryChainedLog } from './in-memory-chained-log.ts';

/** Keeps rows in the order they were recorded. */
export class InMemoryAuditLog extends InMemoryChainedLog<AuditEntry> implements AuditLog {
  /** `chain`: the audit chain this log's rows are linked into, shared with the account-action log */
  constructor(chain?: InMemoryAuditChain) {
    super('application-review', auditEntryFields, chain);
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
