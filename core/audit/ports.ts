import type { ApplicationKindName } from '../applications/application.ts';
import type { AuditEntry } from './audit-entry.ts';

export interface AuditQuery {
  kind?: ApplicationKindName;
  applicationId?: string;
}

/** Append-only: rows are written with the decision they record and never changed. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** oldest first, so a history reads in order */
  list(query?: AuditQuery): Promise<AuditEntry[]>;
}
