import type { ApplicationKindName, ApplicationRecord } from '../../core/applications/model/application.ts';
import type { Vote } from '../../core/applications/model/votes.ts';
import type {
  ApplicationWeek,
  DashboardFigures,
  DayTaken,
  KindDecisions,
  Period,
  ReviewerVotes,
  ProductTypeTaken,
  TierMembers,
  TierMonthTaken,
} from '../../core/dashboard/ports.ts';
import type { Membership } from '../../core/memberships/model/membership.ts';
import type { MembershipEvent } from '../../core/memberships/model/membership-events.ts';
import type { Purchase } from '../../core/purchases/model/purchase.ts';

const DAY_MS = 86_400_000;

/** What the in-memory figures read: every purchase, membership (with its history) and application as stored. */
export interface InMemoryDashboardSources {
  purchases(): Promise<Purchase[]>;
  memberships(): Promise<Array<{ membership: Membership; events: MembershipEvent[] }>>;
  /** each kind's applications, with its final statuses (`decisionsOf`) */
  applications(): Promise<Array<{ decisions: readonly string[]; rows: ApplicationRecord[] }>>;
  /** every kind's applications with its refusal (`reapply.after`), and every vote */
  reviews(): Promise<{
    applications: Array<{ kind: ApplicationKindName; refusal: string; rows: ApplicationRecord[] }>;
    votes: Vote[];
  }>;
}

const HOURS_48 = 48 * 3600;

const taken = (purchase: Purchase) => purchase.amountPaidCents ?? purchase.priceCents;
const within = (at: Date | null, period: Period): at is Date => at !== null && at >= period.from && at < period.to;
const mondayOf = (at: Date) => {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

/** the middle value, or the mean of the two middle ones (as Postgres's percentile_cont(0.5)) */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The dashboard's sums over the in-memory stores, as the database sums them. */
export class InMemoryDashboardFigures implements DashboardFigures {
  constructor(private readonly sources: InMemoryDashboardSources) {}

  private async completed(period: Period): Promise<Array<Purchase & { completedAt: Date }>> {
    return (await this.sources.purchases()).filter(
      (purchase): purchase is Purchase & { completedAt: Date } =>
        purchase.status === 'completed' && within(purchase.completedAt, period),
    );
  }

  async takenByDay(period: Period): Promise<DayTaken[]> {
    const days = new Map<string, DayTaken>();
    for (const purchase of await this.completed(period)) {
      const day = purchase.completedAt.toISOString().slice(0, 10);
      const row = days.get(day) ?? { day, count: 0, cents: 0 };
      row.count += 1;
      row.cents += taken(purchase);
      days.set(day, row);
    }
    return [...days.values()];
  }

  async takenByProductType(period: Period): Promise<ProductTypeTaken[]> {
    const types = new Map<string, ProductTypeTaken>();
    for (const purchase of await this.completed(period)) {
      const row = types.get(purchase.productType) ?? { productType: purchase.productType, count: 0, cents: 0 };
      row.count += 1;
      row.cents += taken(purchase);
      types.set(purchase.productType, row);
    }
    return [...types.values()];
  }

  async membershipTakenByMonth(period: Period): Promise<TierMonthTaken[]> {
    const months = new Map<string, TierMonthTaken>();
    for (const purchase of await this.completed(period)) {
      if (!purchase.billing) continue;
      const month = purchase.completedAt.toISOString().slice(0, 7);
      const key = `${month} ${purchase.productId}`;
      const row = months.get(key) ?? { month, tierId: purchase.productId, cents: 0 };
      row.cents += taken(purchase);
      months.set(key, row);
    }
    return [...months.values()];
  }

  async membersByTier(points: readonly Date[]): Promise<TierMembers[]> {
    const counts = new Map<string, TierMembers>();
    const memberships = await this.sources.memberships();
    points.forEach((point, index) => {
      for (const { membership, events } of memberships) {
        if (membership.startedAt > point || (membership.endedAt !== null && membership.endedAt <= point)) continue;
        const held = events
          .filter((event) => (event.kind === 'started' || event.kind === 'tier_changed') && event.at <= point)
          .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
        const tierId = held?.tierId ?? membership.tierId;
        const key = `${index} ${tierId}`;
        const row = counts.get(key) ?? { point: index, tierId, members: 0 };
        row.members += 1;
        counts.set(key, row);
      }
    });
    return [...counts.values()];
  }

  async firstMembershipStart(): Promise<Date | null> {
    const starts = (await this.sources.memberships()).map(({ membership }) => membership.startedAt.getTime());
    return starts.length ? new Date(Math.min(...starts)) : null;
  }

  async applicationsByWeek(period: Period): Promise<ApplicationWeek[]> {
    const weeks = new Map<string, { submitted: number; decisions: number[] }>();
    const weekOf = (week: string) => {
      const row = weeks.get(week) ?? { submitted: 0, decisions: [] };
      weeks.set(week, row);
      return row;
    };
    for (const { decisions, rows } of await this.sources.applications()) {
      for (const row of rows) {
        if (within(row.createdAt, period)) weekOf(mondayOf(row.createdAt)).submitted += 1;
        if (decisions.includes(row.status) && within(row.reviewedAt, period))
          weekOf(mondayOf(row.reviewedAt)).decisions.push((row.reviewedAt.getTime() - row.createdAt.getTime()) / 1000);
      }
    }
    return [...weeks.entries()].map(([week, row]) => ({
      week,
      submitted: row.submitted,
      decided: row.decisions.length,
      medianDecisionSeconds: median(row.decisions),
    }));
  }

  async reviewerVotes(period: Period): Promise<ReviewerVotes[]> {
    const { applications, votes } = await this.sources.reviews();
    const found = new Map(
      applications.flatMap(({ kind, refusal, rows }) => rows.map((row) => [`${kind} ${row.id}`, { row, refusal }])),
    );
    const reviewers = new Map<string, { name: string; at: Date; seconds: number[]; judged: number; agreed: number }>();
    for (const vote of votes) {
      const application = found.get(`${vote.kind} ${vote.applicationId}`);
      if (!application || !within(vote.createdAt, period)) continue;
      const entry = reviewers.get(vote.reviewerId) ?? {
        name: vote.reviewerName,
        at: vote.createdAt,
        seconds: [],
        judged: 0,
        agreed: 0,
      };
      if (vote.createdAt >= entry.at) Object.assign(entry, { name: vote.reviewerName, at: vote.createdAt });
      entry.seconds.push((vote.createdAt.getTime() - application.row.createdAt.getTime()) / 1000);
      const { status } = application.row;
      if (vote.choice !== 'abstain' && (status === 'approved' || status === application.refusal)) {
        entry.judged += 1;
        if ((vote.choice === 'approve') === (status === 'approved')) entry.agreed += 1;
      }
      reviewers.set(vote.reviewerId, entry);
    }
    return [...reviewers.entries()].map(([reviewerId, entry]) => ({
      reviewerId,
      reviewerName: entry.name,
      votes: entry.seconds.length,
      medianVoteSeconds: median(entry.seconds),
      judged: entry.judged,
      agreed: entry.agreed,
    }));
  }

  async decisionsByKind(period: Period): Promise<KindDecisions[]> {
    const { applications } = await this.sources.reviews();
    return applications.flatMap(({ kind, refusal, rows }) => {
      const seconds = rows
        .filter((row) => (row.status === 'approved' || row.status === refusal) && within(row.reviewedAt, period))
        .map((row) => ((row.reviewedAt as Date).getTime() - row.createdAt.getTime()) / 1000);
      if (seconds.length === 0) return [];
      return [
        {
          kind,
          decided: seconds.length,
          medianDecisionSeconds: median(seconds),
          within48Hours: seconds.filter((each) => each <= HOURS_48).length,
        },
      ];
    });
  }
}
