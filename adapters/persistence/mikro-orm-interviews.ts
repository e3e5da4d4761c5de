import type { ApplicationKindName } from '../../core/applications/model/application.ts';
import { InterviewAlreadyBookedError, InterviewSlotTakenError } from '../../core/interviews/errors.ts';
import type {
  Interview,
  InterviewEvent,
  InterviewSlot,
  InterviewStatus,
  SlotStatus,
} from '../../core/interviews/model/interview.ts';
import type { InterviewListQuery, InterviewRepository } from '../../core/interviews/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const SLOT_COLUMNS = `"id", "kind", "application_id", "applicant_id", "reviewer_id", "reviewer_name", "starts_at", "ends_at", "status", "offered_by", "created_at"`;
const COLUMNS = `"id", "kind", "application_id", "applicant_id", "slot_id", "reviewer_id", "reviewer_name", "starts_at", "ends_at", "status", "sequence", "notes", "reminded_for", "history", "created_at", "updated_at"`;

function toSlot(row: Row): InterviewSlot {
  return {
    id: String(row.id),
    kind: row.kind as ApplicationKindName,
    applicationId: String(row.application_id),
    applicantId: String(row.applicant_id),
    reviewerId: String(row.reviewer_id),
    reviewerName: String(row.reviewer_name),
    startsAt: date(row.starts_at),
    endsAt: date(row.ends_at),
    status: row.status as SlotStatus,
    offeredBy: String(row.offered_by),
    createdAt: date(row.created_at),
  };
}

/** the history as either driver hands jsonb over (parsed, or as its text), its instants as dates again */
function historyOf(value: unknown): InterviewEvent[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return (list as Array<InterviewEvent & { at: string; startsAt: string }>).map((event) => ({
    ...event,
    at: new Date(event.at),
    startsAt: new Date(event.startsAt),
  }));
}

function toInterview(row: Row): Interview {
  return {
    id: String(row.id),
    kind: row.kind as ApplicationKindName,
    applicationId: String(row.application_id),
    applicantId: String(row.applicant_id),
    slotId: String(row.slot_id),
    reviewerId: String(row.reviewer_id),
    reviewerName: String(row.reviewer_name),
    startsAt: date(row.starts_at),
    endsAt: date(row.ends_at),
    status: row.status as InterviewStatus,
    sequence: Number(row.sequence),
    notes: text(row.notes),
    remindedFor: row.reminded_for ? date(row.reminded_for) : null,
    history: historyOf(row.history),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/**
 * A unique index over booked interviews said no: the application has one booked already, or the slot (or the
 * reviewer's start) was booked by another request first.
 */
function refusal(error: unknown): Error | null {
  const failure = error as { code?: string; constraint?: string; message?: string };
  if (failure?.code !== '23505') return null;
  const index = failure.constraint ?? failure.message ?? '';
  return index.includes('interviews_one_booked_per_application')
    ? new InterviewAlreadyBookedError()
    : new InterviewSlotTakenError();
}

/** Interview slots and interviews on Postgres (migration 0048). Database.query joins the caller's transaction. */
export class MikroOrmInterviewRepository implements InterviewRepository {
  constructor(private readonly database: Database) {}

  private async slots(where: string, params: unknown[]): Promise<InterviewSlot[]> {
    return (await this.database.query<Row>(`select ${SLOT_COLUMNS} from "interview_slots" ${where}`, params)).map(
      toSlot,
    );
  }

  private async interviews(where: string, params: unknown[]): Promise<Interview[]> {
    return (await this.database.query<Row>(`select ${COLUMNS} from "interviews" ${where}`, params)).map(toInterview);
  }

  private async refused<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw refusal(error) ?? error;
    }
  }

  async addSlots(slots: InterviewSlot[]): Promise<void> {
    for (const slot of slots)
      await this.database.query(
        `insert into "interview_slots" (${SLOT_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          slot.id,
          slot.kind,
          slot.applicationId,
          slot.applicantId,
          slot.reviewerId,
          slot.reviewerName,
          slot.startsAt,
          slot.endsAt,
          slot.status,
          slot.offeredBy,
          slot.createdAt,
        ],
      );
  }

  async findSlot(id: string): Promise<InterviewSlot | null> {
    return (await this.slots(`where "id" = ?`, [id]))[0] ?? null;
  }

  slotsOf(applicationId: string): Promise<InterviewSlot[]> {
    return this.slots(`where "application_id" = ? order by "starts_at", "id"`, [applicationId]);
  }

  slotsOfApplicant(userId: string): Promise<InterviewSlot[]> {
    return this.slots(`where "applicant_id" = ? order by "starts_at", "id"`, [userId]);
  }

  async moveSlot(id: string, from: SlotStatus, to: SlotStatus): Promise<boolean> {
    const moved = await this.database.query(
      `update "interview_slots" set "status" = ? where "id" = ? and "status" = ? returning "id"`,
      [to, id, from],
    );
    return moved.length > 0;
  }

  async add(interview: Interview): Promise<void> {
    await this.refused(() =>
      this.database.query(
        `insert into "interviews" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, cast(? as jsonb), ?, ?)`,
        [
          interview.id,
          interview.kind,
          interview.applicationId,
          interview.applicantId,
          interview.slotId,
          interview.reviewerId,
          interview.reviewerName,
          interview.startsAt,
          interview.endsAt,
          interview.status,
          interview.sequence,
          interview.notes,
          interview.remindedFor,
          JSON.stringify(interview.history),
          interview.createdAt,
          interview.updatedAt,
        ],
      ),
    );
  }

  async findById(id: string): Promise<Interview | null> {
    return (await this.interviews(`where "id" = ?`, [id]))[0] ?? null;
  }

  async save(next: Interview, expectedSequence: number): Promise<boolean> {
    const saved = await this.refused(() =>
      this.database.query(
        `update "interviews" set "slot_id" = ?, "reviewer_id" = ?, "reviewer_name" = ?, "starts_at" = ?, "ends_at" = ?,
           "status" = ?, "sequence" = ?, "notes" = ?, "reminded_for" = ?, "history" = cast(? as jsonb), "updated_at" = ?
         where "id" = ? and "status" = 'booked' and "sequence" = ? returning "id"`,
        [
          next.slotId,
          next.reviewerId,
          next.reviewerName,
          next.startsAt,
          next.endsAt,
          next.status,
          next.sequence,
          next.notes,
          next.remindedFor,
          JSON.stringify(next.history),
          next.updatedAt,
          next.id,
          expectedSequence,
        ],
      ),
    );
    return saved.length > 0;
  }

  ofApplication(applicationId: string): Promise<Interview[]> {
    return this.interviews(`where "application_id" = ? order by "starts_at" desc, "id" desc`, [applicationId]);
  }

  ofApplicant(userId: string): Promise<Interview[]> {
    return this.interviews(`where "applicant_id" = ? order by "starts_at" desc, "id" desc`, [userId]);
  }

  list(query: InterviewListQuery): Promise<Interview[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.from) {
      where.push(`"starts_at" >= ?`);
      params.push(query.from);
    }
    if (query.statuses) {
      where.push(`"status" in (select jsonb_array_elements_text(?::jsonb))`);
      params.push(JSON.stringify(query.statuses));
    }
    if (query.kinds) {
      where.push(`"kind" in (select jsonb_array_elements_text(?::jsonb))`);
      params.push(JSON.stringify(query.kinds));
    }
    const order = query.from ? `"starts_at", "id"` : `"starts_at" desc, "id" desc`;
    return this.interviews(`${where.length > 0 ? `where ${where.join(' and ')}` : ''} order by ${order} limit ?`, [
      ...params,
      query.limit,
    ]);
  }

  bookedOverlapping(reviewerIds: readonly string[], from: Date, to: Date): Promise<Interview[]> {
    if (reviewerIds.length === 0) return Promise.resolve([]);
    return this.interviews(
      `where "status" = 'booked' and "reviewer_id" in (select (jsonb_array_elements_text(?::jsonb))::uuid)
         and "starts_at" < ? and "ends_at" > ? order by "starts_at", "id"`,
      [JSON.stringify(reviewerIds), to, from],
    );
  }

  dueReminders(now: Date, until: Date, limit: number): Promise<Interview[]> {
    return this.interviews(
      `where "status" = 'booked' and "starts_at" > ? and "starts_at" <= ?
         and "reminded_for" is distinct from "starts_at" order by "starts_at", "id" limit ?`,
      [now, until, limit],
    );
  }

  async markReminded(id: string, startsAt: Date): Promise<boolean> {
    const marked = await this.database.query(
      `update "interviews" set "reminded_for" = "starts_at"
       where "id" = ? and "status" = 'booked' and "starts_at" = ? and "reminded_for" is distinct from "starts_at"
       returning "id"`,
      [id, startsAt],
    );
    return marked.length > 0;
  }
}
