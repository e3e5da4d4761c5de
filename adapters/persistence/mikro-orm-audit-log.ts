import type { InferEntity } from '@mikro-orm/core';
import type { ApplicationKindName } from '../../core/applications/application.ts';
import type { AuditEntry } from '../../core/applications/audit-entry.ts';
import type { AuditLog, AuditQuery } from '../../core/applications/ports.ts';
import type { ReviewChannel } from '../../core/audit/reviewer.ts';
import { ApplicationReviewRow } from './application-entities.ts';
import type { Database } from './database.ts';

/** The review audit log: the table application_reviews, appended to and never updated. */
export class MikroOrmAuditLog implements AuditLog {
  constructor(private readonly database: Database) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.database.em.insert(ApplicationReviewRow, { ...entry });
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
