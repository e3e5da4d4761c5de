import type { ListQuery, Page } from '../../core/applications/ports.ts';
import type { StaffApplicationRepository, StaffRoster } from '../../core/staff-applications/ports.ts';
import {
  OPEN_STAFF_STATUSES,
  OpenStaffApplicationExistsError,
  STAFF_POSITIONS,
  STAFF_STATUSES,
  type StaffApplication,
  type StaffPosition,
  type StaffStatus,
} from '../../core/staff-applications/staff-application.ts';
import { newestFirst, pageOf } from './paging.ts';

export class InMemoryStaffApplicationRepository implements StaffApplicationRepository {
  private readonly rows = new Map<string, StaffApplication>();

  async add(application: StaffApplication): Promise<void> {
    for (const row of this.rows.values()) {
      if (row.userId === application.userId && OPEN_STAFF_STATUSES.includes(row.status)) throw new OpenStaffApplicationExistsError();
    }
    this.rows.set(application.id, structuredClone(application));
  }

  async findById(id: string): Promise<StaffApplication | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async list(query: ListQuery<StaffStatus>): Promise<Page<StaffApplication, StaffStatus>> {
    const page = pageOf([...this.rows.values()], query, STAFF_STATUSES);
    return { ...page, items: page.items.map((row) => structuredClone(row)) };
  }

  async listByApplicant(userId: string): Promise<StaffApplication[]> {
    return newestFirst([...this.rows.values()].filter((row) => row.userId === userId)).map((row) => structuredClone(row));
  }

  async countByPosition(): Promise<Record<StaffPosition, number>> {
    const counts = Object.fromEntries(STAFF_POSITIONS.map((position) => [position, 0])) as Record<StaffPosition, number>;
    for (const row of this.rows.values()) counts[row.position] += 1;
    return counts;
  }

  async saveReview(application: StaffApplication, expected: StaffStatus): Promise<boolean> {
    const row = this.rows.get(application.id);
    if (!row || row.status !== expected) return false;
    this.rows.set(application.id, { ...row, status: application.status, reviewNotes: application.reviewNotes, reviewedBy: application.reviewedBy, reviewerId: application.reviewerId, reviewedAt: application.reviewedAt });
    return true;
  }
}

/** A fixed set of staff user ids. */
export class InMemoryStaffRoster implements StaffRoster {
  constructor(readonly staff = new Set<string>()) {}

  async staffUserIds(userIds: string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => this.staff.has(id)));
  }
}
