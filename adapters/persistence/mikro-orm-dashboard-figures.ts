import { appealKind } from '../../core/applications/model/kinds/appeal.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import {
  type ApplicationWeek,
  type DashboardFigures,
  type DayTaken,
  decisionsOf,
  type KindDecisions,
  type Period,
  type ReviewerVotes,
  type ProductTypeTaken,
  type TierMembers,
  type TierMonthTaken,
} from '../../core/dashboard/ports.ts';
import type { Database } from './database.ts';
import { APPLICATION_TABLES } from './mikro-orm-application-repository.ts';

/** what a purchase brought in: what the provider took, else its price (as the dashboard's revenue) */
const TAKEN_SQL = `coalesce(sum(coalesce("amount_paid_cents", "price_cents")), 0)`;
/** completed purchases (refunded and disputed ones gave their money back) completed in [?, ?) */
const COMPLETED_IN = `"status" = 'completed' and "completed_at" >= ? and "completed_at" < ?`;

/** `'a', 'b'`: statuses written into a statement (they come from the kinds' declarations, never from a request) */
const quoted = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

/** every kind's applications as one set: sent, decided (a final status) and when */
const APPLICATIONS_SQL = [
  { table: APPLICATION_TABLES.whitelist, decisions: decisionsOf(whitelistKind) },
  { table: APPLICATION_TABLES.staff, decisions: decisionsOf(staffKind) },
]
  .map(
    ({ table, decisions }) =>
      `select "created_at", "reviewed_at", "status" in (${quoted(decisions)}) as "decided" from "${table}"`,
  )
  .join(' union all ');

/**
 * every kind's applications, each with its kind and whether a reviewer decided it (approved, or the kind's refusal:
 * a closed appeal was closed by its ban changing, not by a reviewer)
 */
const REVIEWED_SQL = [
  { kind: whitelistKind.name, refusal: whitelistKind.reapply.after },
  { kind: staffKind.name, refusal: staffKind.reapply.after },
  { kind: appealKind.name, refusal: appealKind.reapply.after },
]
  .map(
    ({ kind, refusal }) =>
      `select ${quoted([kind])} as "kind", "id", "created_at", "reviewed_at", "status" = 'approved' as "approved",
         "status" in ('approved', ${quoted([refusal])}) as "decided" from "${APPLICATION_TABLES[kind]}"`,
  )
  .join(' union all ');

/** Each series summed by the database, grouped by UTC day, week or month. */
export class MikroOrmDashboardFigures implements DashboardFigures {
  constructor(private readonly database: Database) {}

  async takenByDay(period: Period): Promise<DayTaken[]> {
    const rows = await this.database.query<{ day: string; count: string; cents: string }>(
      `select to_char("completed_at" at time zone 'UTC', 'YYYY-MM-DD') as "day", count(*) as "count", ${TAKEN_SQL} as "cents"
       from "purchases" where ${COMPLETED_IN} group by 1`,
      [period.from, period.to],
    );
    return rows.map((row) => ({ day: row.day, count: Number(row.count), cents: Number(row.cents) }));
  }

  async takenByProductType(period: Period): Promise<ProductTypeTaken[]> {
    const rows = await this.database.query<{ product_type: string; count: string; cents: string }>(
      `select "product_type", count(*) as "count", ${TAKEN_SQL} as "cents"
       from "purchases" where ${COMPLETED_IN} group by 1`,
      [period.from, period.to],
    );
    return rows.map((row) => ({ productType: row.product_type, count: Number(row.count), cents: Number(row.cents) }));
  }

  async membershipTakenByMonth(period: Period): Promise<TierMonthTaken[]> {
    const rows = await this.database.query<{ month: string; tier_id: string; cents: string }>(
      `select to_char("completed_at" at time zone 'UTC', 'YYYY-MM') as "month", "product_id" as "tier_id", ${TAKEN_SQL} as "cents"
       from "purchases" where ${COMPLETED_IN} and "billing_reason" is not null group by 1, 2`,
      [period.from, period.to],
    );
    return rows.map((row) => ({ month: row.month, tierId: row.tier_id, cents: Number(row.cents) }));
  }

  async membersByTier(points: readonly Date[]): Promise<TierMembers[]> {
    if (points.length === 0) return [];
    const values = points.map((_, index) => `(${index}, ?::timestamptz)`).join(', ');
    // the tier held at the instant: the membership's last start or tier change by then (its row's, for none)
    const rows = await this.database.query<{ point: number; tier_id: string; members: string }>(
      `select "m"."point", coalesce((
         select "e"."tier_id" from "membership_events" "e"
         where "e"."membership_id" = "ms"."id" and "e"."kind" in ('started', 'tier_changed') and "e"."created_at" <= "m"."at"
         order by "e"."created_at" desc, "e"."id" desc limit 1
       ), "ms"."tier_id") as "tier_id", count(*) as "members"
       from (values ${values}) as "m" ("point", "at")
       join "memberships" "ms" on "ms"."started_at" <= "m"."at" and ("ms"."ended_at" is null or "ms"."ended_at" > "m"."at")
       group by 1, 2`,
      [...points],
    );
    return rows.map((row) => ({ point: Number(row.point), tierId: row.tier_id, members: Number(row.members) }));
  }

  async firstMembershipStart(): Promise<Date | null> {
    const [row] = await this.database.query<{ first: Date | string | null }>(
      `select min("started_at") as "first" from "memberships"`,
    );
    return row?.first ? new Date(row.first) : null;
  }

  async applicationsByWeek(period: Period): Promise<ApplicationWeek[]> {
    const week = (column: string) => `to_char(date_trunc('week', "${column}" at time zone 'UTC'), 'YYYY-MM-DD')`;
    const [sent, decided] = (await this.database.queries([
      [
        `select ${week('created_at')} as "week", count(*) as "count" from (${APPLICATIONS_SQL}) as "a"
         where "created_at" >= ? and "created_at" < ? group by 1`,
        [period.from, period.to],
      ],
      [
        `select ${week('reviewed_at')} as "week", count(*) as "count",
           percentile_cont(0.5) within group (order by extract(epoch from "reviewed_at" - "created_at")) as "median"
         from (${APPLICATIONS_SQL}) as "a"
         where "decided" and "reviewed_at" >= ? and "reviewed_at" < ? group by 1`,
        [period.from, period.to],
      ],
    ])) as [
      Array<{ week: string; count: string }>,
      Array<{ week: string; count: string; median: string | number | null }>,
    ];
    const weeks = new Map<string, ApplicationWeek>();
    const weekOf = (key: string) => {
      const row = weeks.get(key) ?? { week: key, submitted: 0, decided: 0, medianDecisionSeconds: null };
      weeks.set(key, row);
      return row;
    };
    for (const row of sent) weekOf(row.week).submitted = Number(row.count);
    for (const row of decided) {
      const entry = weekOf(row.week);
      entry.decided = Number(row.count);
      entry.medianDecisionSeconds = row.median === null ? null : Number(row.median);
    }
    return [...weeks.values()];
  }

  async reviewerVotes(period: Period): Promise<ReviewerVotes[]> {
    const rows = await this.database.query<{
      reviewer_id: string;
      reviewer_name: string;
      votes: string;
      median: string | number | null;
      judged: string;
      agreed: string;
    }>(
      `select "v"."reviewer_id", (array_agg("v"."reviewer_name" order by "v"."created_at" desc))[1] as "reviewer_name",
         count(*) as "votes",
         percentile_cont(0.5) within group (order by extract(epoch from "v"."created_at" - "a"."created_at")) as "median",
         count(*) filter (where "v"."choice" <> 'abstain' and "a"."decided") as "judged",
         count(*) filter (where "a"."decided" and ("v"."choice" = 'approve') = "a"."approved" and "v"."choice" <> 'abstain') as "agreed"
       from "application_votes" "v" join (${REVIEWED_SQL}) as "a" on "a"."kind" = "v"."kind" and "a"."id" = "v"."application_id"
       where "v"."created_at" >= ? and "v"."created_at" < ? group by 1`,
      [period.from, period.to],
    );
    return rows.map((row) => ({
      reviewerId: row.reviewer_id,
      reviewerName: row.reviewer_name,
      votes: Number(row.votes),
      medianVoteSeconds: row.median === null ? null : Number(row.median),
      judged: Number(row.judged),
      agreed: Number(row.agreed),
    }));
  }

  async decisionsByKind(period: Period): Promise<KindDecisions[]> {
    const rows = await this.database.query<{
      kind: KindDecisions['kind'];
      decided: string;
      median: string | number | null;
      within: string;
    }>(
      `select "kind", count(*) as "decided",
         percentile_cont(0.5) within group (order by extract(epoch from "reviewed_at" - "created_at")) as "median",
         count(*) filter (where "reviewed_at" - "created_at" <= interval '48 hours') as "within"
       from (${REVIEWED_SQL}) as "a" where "decided" and "reviewed_at" >= ? and "reviewed_at" < ? group by 1`,
      [period.from, period.to],
    );
    return rows.map((row) => ({
      kind: row.kind,
      decided: Number(row.decided),
      medianDecisionSeconds: row.median === null ? null : Number(row.median),
      within48Hours: Number(row.within),
    }));
  }
}
