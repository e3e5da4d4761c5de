import type { InferEntity } from '@mikro-orm/core';
import type { ApplicationKindName } from '../../core/applications/model/application.ts';
import { type AuditEntry, auditEntryFields } from '../../core/applications/model/audit-entry.ts';
import type { AuditLog, AuditQuery } from '../../core/applications/ports.ts';
import type { ReviewChannel } from '../../core/audit/model/reviewer.ts';
import { ApplicationReviewRow } from './application-entities.ts';
import type { Database } from './database.ts';
import { MikroOrmChainedLog } from './mikro-orm-chained-log.ts';

/** The review audit log: the table application_reviews, a log of the audit chain. */
export class MikroOrmAuditLog extends MikroOrmChainedLog<AuditEntry> implements AuditLog {
  constructor(database: Database) {
    super(database, 'application-review', 'application_reviews', auditEntryFields);
  }

  /** the review rows of these applications, oldest first (the player page) */
  async forApplications(applicationIds: readonly string[]): Promise<AuditEntry[]> {
    if (applicationIds.length === 0) return [];
    const rows = await this.database.em.find(
      ApplicationReviewRow,
      { applicationId: { $in: [...applicationIds] } },
      { disableIdentityMap: true, orderBy: { seq: 'asc' } },
    );
    return rows.map(toEntry);
  }

  async list(query: AuditQuery = {}): Promise<AuditEntry[]> {
    const where: Record<string, string> = {};
    if (query.kind) where.kind = query.kind;
    if (query.applicationId) where.applicationId = query.applicationId;
    const rows = await this.database.em.find(ApplicationReviewRow, where, {
      disableIdentityMap: true,
      orderBy: { seq: 'asc' },
    });
    return rows.map(toEntry);
  }
}

function toEntry(row: InferEntity<typeof ApplicationReviewRow>): AuditEntry {
  return {
    id: row.id,
    kind: row.kind as ApplicationKindName,
    applicationId: row.applicationId,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    notes: row.notes ?? null,
    reviewerId: row.reviewerId,
    reviewerDiscordId: row.reviewerDiscordId,
    reviewerName: row.reviewerName,
    channel: row.channel as ReviewChannel,
    createdAt: row.createdAt,
  };
}

/** An application_reviews row (its columns by name) as its entry. */
export function auditEntryOfColumns(row: Record<string, unknown>): AuditEntry {
  return {
    id: String(row.id),
    kind: row.kind as ApplicationKindName,
    applicationId: String(row.application_id),
    fromStatus: String(row.from_status),
    toStatus: String(row.to_status),
    notes: row.notes === null || row.notes === undefined ? null : String(row.notes),
    reviewerId: String(row.reviewer_id),
    reviewerDiscordId: String(row.reviewer_discord_id),
    reviewerName: String(row.reviewer_name),
    channel: row.channel as ReviewChannel,
    createdAt: new Date(row.created_at as string),
  };
}
