import type { ApplicationKindName } from '../applications/model/application.ts';
import type { Interview, InterviewSlot, InterviewStatus, SlotStatus } from './model/interview.ts';

export interface InterviewListQuery {
  /** only interviews starting at or after this instant, the soonest first; otherwise the latest start first */
  from?: Date;
  statuses?: readonly InterviewStatus[];
  kinds?: readonly ApplicationKindName[];
  limit: number;
}

/**
 * The times offered and the interviews booked on them. Writes join the caller's transaction. The store itself
 * refuses what two requests at once could otherwise both do: a second booked interview of one application
 * (InterviewAlreadyBookedError), and two booked interviews of one reviewer at the same start or on the same slot
 * (InterviewSlotTakenError); the transaction then fails as a whole.
 */
export interface InterviewRepository {
  addSlots(slots: InterviewSlot[]): Promise<void>;
  findSlot(id: string): Promise<InterviewSlot | null>;
  /** the application's slots, the earliest first */
  slotsOf(applicationId: string): Promise<InterviewSlot[]>;
  /** every slot offered to the applicant, the earliest first */
  slotsOfApplicant(userId: string): Promise<InterviewSlot[]>;
  /** compare-and-set: moves the slot from `from` to `to`; false when it was not `from` */
  moveSlot(id: string, from: SlotStatus, to: SlotStatus): Promise<boolean>;
  add(interview: Interview): Promise<void>;
  findById(id: string): Promise<Interview | null>;
  /**
   * Compare-and-set: stores `next` only while the stored interview is still booked at `expectedSequence`; false when
   * someone else changed it first.
   */
  save(next: Interview, expectedSequence: number): Promise<boolean>;
  /** the latest start first */
  ofApplication(applicationId: string): Promise<Interview[]>;
  /** the latest start first */
  ofApplicant(userId: string): Promise<Interview[]>;
  list(query: InterviewListQuery): Promise<Interview[]>;
  /** the booked interviews of these reviewers that share a moment with [from, to) */
  bookedOverlapping(reviewerIds: readonly string[], from: Date, to: Date): Promise<Interview[]>;
  /**
   * Booked interviews starting after `now` and by `until` whose reminder was not written for their current start,
   * the soonest first, at most `limit`.
   */
  dueReminders(now: Date, until: Date, limit: number): Promise<Interview[]>;
  /** compare-and-set: records the reminder for `startsAt` unless it is recorded, or the interview moved or ended */
  markReminded(id: string, startsAt: Date): Promise<boolean>;
}

/** A direct message to one member, through Discord's outbox (sent and retried by the delivery worker). */
export interface MemberMessage {
  userId: string;
  content: string;
  /** the same cause never writes two messages */
  dedupeKey: string;
  applicationId: string;
}

/** Writes the messages in the caller's transaction; a member without a Discord id (or no bot) is recorded as such. */
export interface InterviewMessages {
  send(messages: MemberMessage[]): Promise<void>;
}

/** The addresses the messages point to. */
export interface InterviewLinks {
  /** the account page, where the applicant picks, moves and cancels */
  account: string;
  /** the interview's calendar file */
  calendar(interviewId: string): string;
}

/** Which kinds need an interview held before an approval (INTERVIEW_REQUIRED_FOR). */
export interface InterviewSettings {
  requiredFor: readonly ApplicationKindName[];
}
