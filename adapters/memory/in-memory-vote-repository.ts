import type { ApplicationKind, ApplicationKindName } from '../../core/applications/model/application.ts';
import type { Vote } from '../../core/applications/model/votes.ts';
import { AlreadyVotedError } from '../../core/applications/errors.ts';
import type { VoteRepository } from '../../core/applications/ports.ts';
import { snapshotArray, type SnapshotStore } from './in-memory-transactions.ts';

/** The reviewers' votes, in memory, in the order they were cast. */
export class InMemoryVoteRepository implements VoteRepository, SnapshotStore {
  private readonly rows: Vote[] = [];

  snapshot(): () => void {
    return snapshotArray(this.rows);
  }

  async add(vote: Vote, kind: Pick<ApplicationKind, 'codePrefix' | 'label'>): Promise<void> {
    if (
      this.rows.some(
        (row) =>
          row.kind === vote.kind && row.applicationId === vote.applicationId && row.reviewerId === vote.reviewerId,
      )
    )
      throw new AlreadyVotedError(kind);
    this.rows.push(structuredClone(vote));
  }

  async listFor(kind: ApplicationKindName, applicationIds: readonly string[]): Promise<Vote[]> {
    const ids = new Set(applicationIds);
    return this.rows
      .filter((row) => row.kind === kind && ids.has(row.applicationId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => structuredClone(row));
  }

  /** every vote, for the dashboard's in-memory figures */
  async all(): Promise<Vote[]> {
    return this.rows.map((row) => structuredClone(row));
  }
}
