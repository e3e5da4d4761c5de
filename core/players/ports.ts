import type { AccountActionLog } from '../audit/model/account-action.ts';
import type { AuditEntry } from '../applications/model/audit-entry.ts';
import type { Delivery } from '../delivery/model/delivery.ts';

export interface StoreBanRecord {
  reason: string;
  createdAt: Date;
}

/** The reads a player's page needs beyond the other modules' own ports. */
export interface PlayerPorts {
  actions: AccountActionLog;
  /** Discord deliveries for one member, newest first */
  deliveries: { forUser(userId: string, limit: number): Promise<Delivery[]> };
  /** the store ban after a payment dispute, if any */
  storeBans: { find(userId: string): Promise<StoreBanRecord | null> };
  /** the review audit rows of these applications, oldest first */
  reviews: { forApplications(applicationIds: readonly string[]): Promise<AuditEntry[]> };
}
