import type { ReviewChannel } from '../../audit/model/reviewer.ts';
import type { ChainFields } from '../../audit/model/audit-chain.ts';
import type { ApplicationKindName } from './application.ts';

/** One status change of an application: who made it, when, from what to what, and why. */
export interface AuditEntry {
  id: string;
  kind: ApplicationKindName;
  applicationId: string;
  fromStatus: string;
  toStatus: string;
  notes: string | null;
  reviewerId: string;
  reviewerDiscordId: string;
  reviewerName: string;
  channel: ReviewChannel;
  createdAt: Date;
}

/** A review row's hashed fields (the audit chain): every column of its row but the chain's own. */
export function auditEntryFields(entry: AuditEntry): ChainFields {
  return {
    id: entry.id,
    kind: entry.kind,
    application_id: entry.applicationId,
    from_status: entry.fromStatus,
    to_status: entry.toStatus,
    notes: entry.notes,
    reviewer_id: entry.reviewerId,
    reviewer_discord_id: entry.reviewerDiscordId,
    reviewer_name: entry.reviewerName,
    channel: entry.channel,
    created_at: entry.createdAt.toISOString(),
  };
}
