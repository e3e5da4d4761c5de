import type { ReviewContext } from '../../audit/model/reviewer.ts';
import type { ApplicationView } from '../model/application.ts';
import { statusOf, type VoteChoice } from '../model/votes.ts';
import type { ApplicationRepository } from '../ports.ts';
import type { ReviewApplication } from './review-application.ts';

export interface CastVoteInput extends ReviewContext {
  id: string;
  choice: VoteChoice;
  /** for staff only: why */
  note?: string | null;
  /** what the applicant reads, should this vote decide */
  applicantMessage?: string | null;
}

/** What a vote did: the application as it now stands (with the votes as the voter may read them), and whether it decided. */
export interface VoteResult<A, S extends string> {
  application: ApplicationView<A, S>;
  decided: boolean;
}

/**
 * A reviewer votes approve, deny or abstain on an open application (decision 0106): the review an approval or a
 * refusal is, or an abstention, through the one path that records votes and decides.
 */
export class CastVote<A, S extends string> {
  constructor(
    private readonly applications: Pick<ApplicationRepository<A, S>, 'kind'>,
    private readonly review: ReviewApplication<A, S>,
  ) {}

  async execute(input: CastVoteInput): Promise<VoteResult<A, S>> {
    const { choice, note, ...rest } = input;
    const kind = this.applications.kind;
    const application = await this.review.execute(
      choice === 'abstain'
        ? { ...rest, notes: note, abstain: true }
        : { ...rest, notes: note, status: statusOf(kind, choice) as S },
    );
    return { application, decided: !kind.open.includes(application.status) };
  }
}
