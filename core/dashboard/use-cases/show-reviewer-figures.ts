import { APPLICATION_KIND_NAMES, type ApplicationKindName } from '../../applications/model/application.ts';
import type { Clock } from '../../shared/ports.ts';
import { type ChartWindow, chartWindowOf } from '../model/chart-window.ts';
import type { DashboardFigures } from '../ports.ts';

export interface ReviewerFigures {
  days: ChartWindow;
  /** every reviewer who voted in the window, the most votes first */
  reviewers: Array<{
    reviewerId: string;
    name: string;
    votes: number;
    /** median hours from an application's sending to their vote on it */
    medianHoursToVote: number | null;
    /** their approvals and denials on applications decided since */
    judged: number;
    /** the share of those that went the way the application was decided, in percent; null when none */
    agreementPercent: number | null;
  }>;
  /** every kind, in the site's order */
  kinds: Array<{
    kind: ApplicationKindName;
    decided: number;
    medianHoursToDecision: number | null;
    /** the share decided within 48 hours of sending, in percent; null when none was decided */
    within48HoursPercent: number | null;
  }>;
}

const hoursOf = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 3600) * 10) / 10);
const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

/**
 * The dashboard's reviewer figures over the charts' window (decision 0106): per reviewer the votes cast, the median
 * time from sending to their vote, and how often they agreed with the decision; per kind the median time to a decision
 * and the share decided within 48 hours. The store sums them; this lays them out.
 */
export class ShowReviewerFigures {
  constructor(
    private readonly figures: DashboardFigures,
    private readonly clock: Clock,
  ) {}

  async execute(input: { days: number }): Promise<ReviewerFigures> {
    const { days, window } = chartWindowOf(input.days, this.clock.now(), 'Figures');
    const [votes, decisions] = await Promise.all([
      this.figures.reviewerVotes(window),
      this.figures.decisionsByKind(window),
    ]);
    const reviewers = votes
      .map((row) => ({
        reviewerId: row.reviewerId,
        name: row.reviewerName,
        votes: row.votes,
        medianHoursToVote: hoursOf(row.medianVoteSeconds),
        judged: row.judged,
        agreementPercent: percentOf(row.agreed, row.judged),
      }))
      .sort((a, b) => b.votes - a.votes || a.name.localeCompare(b.name));
    const kinds = APPLICATION_KIND_NAMES.map((kind) => {
      const row = decisions.find((each) => each.kind === kind);
      return {
        kind,
        decided: row?.decided ?? 0,
        medianHoursToDecision: hoursOf(row?.medianDecisionSeconds ?? null),
        within48HoursPercent: percentOf(row?.within48Hours ?? 0, row?.decided ?? 0),
      };
    });
    return { days, reviewers, kinds };
  }
}
