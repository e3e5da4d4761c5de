import type { AuditEntry } from '../model/audit-entry.ts';
import type { AuditLog, AuditQuery } from '../ports.ts';

/** The review history: every status change, oldest first. */
export class ListAuditEntries {
  constructor(private readonly log: AuditLog) {}

  execute(query: AuditQuery = {}): Promise<AuditEntry[]> {
    return this.log.list(query);
  }
}
