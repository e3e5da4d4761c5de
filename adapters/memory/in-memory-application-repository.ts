import { summaryOf, type Application, type ApplicationKind } from '../../core/applications/model/application.ts';
import { OpenApplicationExistsError } from '../../core/applications/errors.ts';
import type { ApplicationRepository, ListQuery, Page } from '../../core/applications/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';
import { newestFirst, pageOf } from './paging.ts';

/** The applications of one kind, in memory. */
export class InMemoryApplicationRepository<A, S extends string> implements ApplicationRepository<A, S>, SnapshotStore {
  private readonly rows = new Map<string, Application<A, S>>();

  constructor(readonly kind: ApplicationKind<A, S>) {}

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(application: Application<A, S>): Promise<void> {
    for (const row of this.rows.values()) {
      if (row.userId === application.userId && this.kind.open.includes(row.status))
        throw new OpenApplicationExistsError(this.kind);
    }
    this.rows.set(application.id, structuredClone(application));
  }

  async findById(id: string): Promise<Application<A, S> | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async list(query: ListQuery<S>): Promise<Page<Application<A, S>, S>> {
    const page = pageOf([...this.rows.values()], query, this.kind.statuses);
    const items = page.items.map((row) => structuredClone(row));
    return { ...page, items: query.summary ? items.map((row) => summaryOf(this.kind, row)) : items };
  }

  async listByApplicant(userId: string): Promise<Application<A, S>[]> {
    return newestFirst([...this.rows.values()].filter((row) => row.userId === userId)).map((row) =>
      structuredClone(row),
    );
  }

  async hasStatus(userId: string, status: S): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.userId === userId && row.status === status);
  }

  async tally(): Promise<Record<string, number>> {
    const tally = this.kind.tally;
    if (!tally) return {};
    const counts = Object.fromEntries(tally.values.map((value) => [value, 0]));
    for (const row of this.rows.values()) {
      const value = String((row as Record<string, unknown>)[tally.field]);
      if (value in counts) counts[value] += 1;
    }
    return counts;
  }

  /** transactions in memory run one at a time: the row is the caller's until theirs ends */
  async findForDecision(id: string): Promise<Application<A, S> | null> {
    return this.findById(id);
  }

  async saveReview(application: Application<A, S>, expected: S): Promise<boolean> {
    const row = this.rows.get(application.id);
    if (!row || row.status !== expected) return false;
    this.rows.set(application.id, {
      ...row,
      status: application.status,
      reviewNotes: application.reviewNotes,
      applicantMessage: application.applicantMessage,
      reviewedBy: application.reviewedBy,
      reviewerId: application.reviewerId,
      reviewedAt: application.reviewedAt,
    });
    return true;
  }
}
