import type { ApplicationKindName } from '../../applications/model/application.ts';
import type { InterviewDeps } from './deps.ts';
import { type Interview, type InterviewSlot, overlaps } from './interview.ts';

/** A slot as a screen shows it: whether the applicant could book it now. */
export type SlotView = InterviewSlot & {
  /** open, still ahead, and its reviewer holds no other interview then */
  available: boolean;
};

/** One application's interview: whether it needs one, the times offered, and its interviews, the latest first. */
export interface ApplicationInterviews {
  kind: ApplicationKindName;
  /** 'staff application' */
  label: string;
  applicationId: string;
  /** an approval waits for an interview held (INTERVIEW_REQUIRED_FOR) */
  required: boolean;
  /** the application is still open to a decision: times may be offered, booked and moved */
  open: boolean;
  slots: SlotView[];
  interviews: Interview[];
}

/** Marks each slot available or not, reading the booked interviews of their reviewers in one query. */
export async function slotViews(
  deps: Pick<InterviewDeps, 'interviews'>,
  slots: readonly InterviewSlot[],
  now: Date,
): Promise<SlotView[]> {
  const open = slots.filter((slot) => slot.status === 'open' && slot.startsAt > now);
  const booked =
    open.length === 0
      ? []
      : await deps.interviews.bookedOverlapping(
          [...new Set(open.map((slot) => slot.reviewerId))],
          new Date(Math.min(...open.map((slot) => slot.startsAt.getTime()))),
          new Date(Math.max(...open.map((slot) => slot.endsAt.getTime()))),
        );
  return slots.map((slot) => ({
    ...slot,
    available:
      open.includes(slot) && !booked.some((other) => other.reviewerId === slot.reviewerId && overlaps(other, slot)),
  }));
}
