import { InterviewAlreadyBookedError, InterviewSlotTakenError } from '../../core/interviews/errors.ts';
import {
  type Interview,
  type InterviewSlot,
  overlaps,
  type SlotStatus,
} from '../../core/interviews/model/interview.ts';
import type { InterviewListQuery, InterviewRepository } from '../../core/interviews/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

const byStart = (a: { startsAt: Date; id: string }, b: { startsAt: Date; id: string }) =>
  a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const latestFirst = (a: Interview, b: Interview) => byStart(b, a);

/**
 * Slots and interviews in maps. The database's unique indexes are checked by hand on every write of a booked
 * interview: one per application, one per slot, one per reviewer and start.
 */
export class InMemoryInterviewRepository implements InterviewRepository, SnapshotStore {
  private readonly slots = new Map<string, InterviewSlot>();
  private readonly interviews = new Map<string, Interview>();

  snapshot(): () => void {
    const slots = snapshotMap(this.slots);
    const interviews = snapshotMap(this.interviews);
    return () => {
      slots();
      interviews();
    };
  }

  async addSlots(slots: InterviewSlot[]): Promise<void> {
    for (const slot of slots) {
      if (this.slots.has(slot.id)) throw new Error(`A slot with id ${slot.id} exists.`);
      this.slots.set(slot.id, structuredClone(slot));
    }
  }

  async findSlot(id: string): Promise<InterviewSlot | null> {
    const slot = this.slots.get(id);
    return slot ? structuredClone(slot) : null;
  }

  async slotsOf(applicationId: string): Promise<InterviewSlot[]> {
    return this.slotsWhere((slot) => slot.applicationId === applicationId);
  }

  async slotsOfApplicant(userId: string): Promise<InterviewSlot[]> {
    return this.slotsWhere((slot) => slot.applicantId === userId);
  }

  async moveSlot(id: string, from: SlotStatus, to: SlotStatus): Promise<boolean> {
    const slot = this.slots.get(id);
    if (slot?.status !== from) return false;
    slot.status = to;
    return true;
  }

  async add(interview: Interview): Promise<void> {
    if (this.interviews.has(interview.id)) throw new Error(`An interview with id ${interview.id} exists.`);
    this.checkUnique(interview);
    this.interviews.set(interview.id, structuredClone(interview));
  }

  async findById(id: string): Promise<Interview | null> {
    const interview = this.interviews.get(id);
    return interview ? structuredClone(interview) : null;
  }

  async save(next: Interview, expectedSequence: number): Promise<boolean> {
    const stored = this.interviews.get(next.id);
    if (stored?.status !== 'booked' || stored.sequence !== expectedSequence) return false;
    this.checkUnique(next);
    this.interviews.set(next.id, structuredClone(next));
    return true;
  }

  async ofApplication(applicationId: string): Promise<Interview[]> {
    return this.where((interview) => interview.applicationId === applicationId).sort(latestFirst);
  }

  async ofApplicant(userId: string): Promise<Interview[]> {
    return this.where((interview) => interview.applicantId === userId).sort(latestFirst);
  }

  async list(query: InterviewListQuery): Promise<Interview[]> {
    const { from, statuses, kinds } = query;
    const found = this.where(
      (interview) =>
        (!from || interview.startsAt >= from) &&
        (!statuses || statuses.includes(interview.status)) &&
        (!kinds || kinds.includes(interview.kind)),
    );
    return found.sort(from ? byStart : latestFirst).slice(0, query.limit);
  }

  async bookedOverlapping(reviewerIds: readonly string[], from: Date, to: Date): Promise<Interview[]> {
    return this.where(
      (interview) =>
        interview.status === 'booked' &&
        reviewerIds.includes(interview.reviewerId) &&
        overlaps(interview, { startsAt: from, endsAt: to }),
    ).sort(byStart);
  }

  async dueReminders(now: Date, until: Date, limit: number): Promise<Interview[]> {
    return this.where(
      (interview) =>
        interview.status === 'booked' &&
        interview.startsAt > now &&
        interview.startsAt <= until &&
        interview.remindedFor?.getTime() !== interview.startsAt.getTime(),
    )
      .sort(byStart)
      .slice(0, limit);
  }

  async markReminded(id: string, startsAt: Date): Promise<boolean> {
    const interview = this.interviews.get(id);
    if (
      interview?.status !== 'booked' ||
      interview.startsAt.getTime() !== startsAt.getTime() ||
      interview.remindedFor?.getTime() === startsAt.getTime()
    )
      return false;
    interview.remindedFor = new Date(startsAt);
    return true;
  }

  private where(keep: (interview: Interview) => boolean): Interview[] {
    return [...this.interviews.values()].filter(keep).map((interview) => structuredClone(interview));
  }

  private slotsWhere(keep: (slot: InterviewSlot) => boolean): InterviewSlot[] {
    return [...this.slots.values()]
      .filter(keep)
      .map((slot) => structuredClone(slot))
      .sort(byStart);
  }

  /** as the database's partial unique indexes over booked interviews */
  private checkUnique(interview: Interview): void {
    if (interview.status !== 'booked') return;
    for (const other of this.interviews.values()) {
      if (other.id === interview.id || other.status !== 'booked') continue;
      if (other.applicationId === interview.applicationId) throw new InterviewAlreadyBookedError();
      if (
        other.slotId === interview.slotId ||
        (other.reviewerId === interview.reviewerId && other.startsAt.getTime() === interview.startsAt.getTime())
      )
        throw new InterviewSlotTakenError();
    }
  }
}
