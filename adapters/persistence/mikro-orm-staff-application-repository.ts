import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { ListQuery, Page } from '../../core/applications/ports.ts';
import type { StaffApplicationRepository, StaffRoster } from '../../core/staff-applications/ports.ts';
import {
  OpenStaffApplicationExistsError,
  STAFF_POSITIONS,
  STAFF_STATUSES,
  type StaffApplication,
  type StaffPosition,
  type StaffStatus,
} from '../../core/staff-applications/staff-application.ts';
import { StaffApplicationRow } from './application-entities.ts';
import { countByStatus, totalOf } from './application-counts.ts';
import type { Database } from './database.ts';
import { keysetCursor, listRows } from './list-rows.ts';

const FRESH = { disableIdentityMap: true } as const;
const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

export class MikroOrmStaffApplicationRepository implements StaffApplicationRepository {
  constructor(private readonly database: Database) {}

  async add(application: StaffApplication): Promise<void> {
    try {
      await this.database.em.insert(StaffApplicationRow, { ...application });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new OpenStaffApplicationExistsError();
      throw error;
    }
  }

  async findById(id: string): Promise<StaffApplication | null> {
    const row = await this.database.em.findOne(StaffApplicationRow, { id }, FRESH);
    return row ? toApplication(row) : null;
  }

  async list(query: ListQuery<StaffStatus>): Promise<Page<StaffApplication, StaffStatus>> {
    const after = await keysetCursor(this.database, 'staff_applications', query.before);
    const rows = after === null ? [] : await listRows<InferEntity<typeof StaffApplicationRow>>(this.database, 'staff_applications', { status: query.status, after, limit: query.pageSize, offset: after ? 0 : (query.page - 1) * query.pageSize });
    const counts = await countByStatus(this.database, 'staff_applications', STAFF_STATUSES);
    return { items: rows.map(toApplication), total: totalOf(counts, query.status), page: query.page, pageSize: query.pageSize, counts, nextBefore: rows.length === query.pageSize ? rows.at(-1)!.id : null };
  }

  async listByApplicant(userId: string): Promise<StaffApplication[]> {
    const rows = await this.database.em.find(StaffApplicationRow, { userId }, { ...FRESH, orderBy: NEWEST_FIRST });
    return rows.map(toApplication);
  }

  async countByPosition(): Promise<Record<StaffPosition, number>> {
    const rows = await this.database.em.execute<{ position: string; count: string | number }[]>(`select "position", count(*) as "count" from "staff_applications" group by "position"`);
    const counts = Object.fromEntries(STAFF_POSITIONS.map((position) => [position, 0])) as Record<StaffPosition, number>;
    for (const row of rows) if (row.position in counts) counts[row.position as StaffPosition] = Number(row.count);
    return counts;
  }

  async saveReview(application: StaffApplication, expected: StaffStatus): Promise<boolean> {
    const changed = await this.database.em.nativeUpdate(
      StaffApplicationRow,
      { id: application.id, status: expected },
      { status: application.status, reviewNotes: application.reviewNotes, reviewedBy: application.reviewedBy, reviewerId: application.reviewerId, reviewedAt: application.reviewedAt },
    );
    return changed === 1;
  }
}

function toApplication(row: InferEntity<typeof StaffApplicationRow>): StaffApplication {
  return {
    id: row.id,
    userId: row.userId,
    discordId: row.discordId,
    discordUsername: row.discordUsername,
    email: row.email,
    realName: row.realName,
    age: row.age,
    timezone: row.timezone,
    availability: row.availability,
    position: row.position as StaffPosition,
    experience: row.experience,
    whyStaff: row.whyStaff,
    scenarios: row.scenarios,
    languages: row.languages ?? null,
    previousCommunities: row.previousCommunities ?? null,
    references: row.references ?? null,
    additionalInfo: row.additionalInfo ?? null,
    agreeToRules: row.agreeToRules,
    agreeToCommitment: row.agreeToCommitment,
    backgroundCheck: row.backgroundCheck,
    status: row.status as StaffStatus,
    reviewNotes: row.reviewNotes ?? null,
    reviewedBy: row.reviewedBy ?? null,
    reviewerId: row.reviewerId ?? null,
    reviewedAt: row.reviewedAt ?? null,
    createdAt: row.createdAt,
  };
}

/** An applicant is current staff when their users row holds the staff or admin role. */
export class MikroOrmStaffRoster implements StaffRoster {
  constructor(private readonly database: Database) {}

  async staffUserIds(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.database.em.execute<{ id: string }[]>(`select "id" from "users" where "id" in (${userIds.map(() => '?').join(', ')}) and "role" in ('staff', 'admin')`, userIds);
    return new Set(rows.map((row) => row.id));
  }
}
