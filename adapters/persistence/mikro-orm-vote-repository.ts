import type { ApplicationKind, ApplicationKindName } from '../../core/applications/model/application.ts';
import type { Vote, VoteChoice } from '../../core/applications/model/votes.ts';
import { AlreadyVotedError } from '../../core/applications/errors.ts';
import type { VoteRepository } from '../../core/applications/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const COLUMNS = `"id", "kind", "application_id", "reviewer_id", "reviewer_name", "choice", "note", "created_at"`;

/** the table's name, as the change feed announces it */
export const VOTES_TABLE = 'application_votes';

function toVote(row: Row): Vote {
  return {
    id: String(row.id),
    kind: row.kind as ApplicationKindName,
    applicationId: String(row.application_id),
    reviewerId: String(row.reviewer_id),
    reviewerName: String(row.reviewer_name),
    choice: row.choice as VoteChoice,
    note: text(row.note),
    createdAt: date(row.created_at),
  };
}

/** The reviewers' votes on Postgres (migration 0047); statements join the caller's transaction. */
export class MikroOrmVoteRepository implements VoteRepository {
  constructor(private readonly database: Database) {}

  async add(vote: Vote, kind: Pick<ApplicationKind, 'codePrefix' | 'label'>): Promise<void> {
    try {
      await this.database.query(`insert into "${VOTES_TABLE}" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
        vote.id,
        vote.kind,
        vote.applicationId,
        vote.reviewerId,
        vote.reviewerName,
        vote.choice,
        vote.note,
        vote.createdAt,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AlreadyVotedError(kind);
      throw error;
    }
    // the review lists show each application's votes
    this.database.changed(`table:${VOTES_TABLE}`);
  }

  async listFor(kind: ApplicationKindName, applicationIds: readonly string[]): Promise<Vote[]> {
    if (applicationIds.length === 0) return [];
    const rows = await this.database.query<Row>(
      `select ${COLUMNS} from "${VOTES_TABLE}" where "kind" = ? and "application_id" in (select (jsonb_array_elements_text(?::jsonb))::uuid) order by "created_at", "id"`,
      [kind, JSON.stringify(applicationIds)],
    );
    return rows.map(toVote);
  }
}
