import { OpenApplicationExistsError, WHITELIST_STATUSES, type WhitelistApplication, type WhitelistStatus } from '../../core/applications/application.ts';
import type { ListQuery, Page, WhitelistAccess, WhitelistApplicationRepository } from '../../core/applications/ports.ts';
import { newestFirst, pageOf } from './paging.ts';

export class InMemoryWhitelistApplicationRepository implements WhitelistApplicationRepository {
  private readonly rows = new Map<string, WhitelistApplication>();

  async add(application: WhitelistApplication): Promise<void> {
    for (const row of this.rows.values()) if (row.userId === application.userId && row.status === 'pending') throw new OpenApplicationExistsError();
    this.rows.set(application.id, structuredClone(application));
  }

  async findById(id: string): Promise<WhitelistApplication | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async list(query: ListQuery<WhitelistStatus>): Promise<Page<WhitelistApplication, WhitelistStatus>> {
    const page = pageOf([...this.rows.values()], query, WHITELIST_STATUSES);
    return { ...page, items: page.items.map((row) => structuredClone(row)) };
  }

  async listByApplicant(userId: string): Promise<WhitelistApplication[]> {
    return newestFirst([...this.rows.values()].filter((row) => row.userId === userId)).map((row) => structuredClone(row));
  }

  async hasApproved(userId: string): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.userId === userId && row.status === 'approved');
  }

  async saveReview(application: WhitelistApplication, expected: WhitelistStatus): Promise<boolean> {
    const row = this.rows.get(application.id);
    if (!row || row.status !== expected) return false;
    this.rows.set(application.id, { ...row, status: application.status, reviewNotes: application.reviewNotes, reviewedBy: application.reviewedBy, reviewerId: application.reviewerId, reviewedAt: application.reviewedAt });
    return true;
  }
}

/** Remembers who was let in. */
export class InMemoryWhitelistAccess implements WhitelistAccess {
  readonly granted = new Set<string>();

  async grant(userId: string): Promise<void> {
    this.granted.add(userId);
  }
}
