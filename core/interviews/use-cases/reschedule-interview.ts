import { InterviewSlotNotFoundError, InterviewSlotTakenError } from '../errors.ts';
import { requireUpcoming, saveOver } from '../model/booked-interview.ts';
import type { InterviewDeps } from '../model/deps.ts';
import {
  actorName,
  type InterviewActor,
  type InterviewActorSide,
  interviewFor,
  type LoadedApplication,
  requireOpen,
} from '../model/interview-access.ts';
import { interviewMessages } from '../model/interview-messages.ts';
import { checkReason } from '../model/interview-rules.ts';
import {
  checkMinutes,
  checkNewTime,
  checkReviewerFree,
  messageContext,
  reviewerOf,
  withStep,
} from '../model/interview-schedule.ts';
import { addMinutes, type Interview, type InterviewSlot, minutesOf } from '../model/interview.ts';

interface Common {
  interviewId: string;
  actor: InterviewActor;
  reason: string;
}

/** The applicant moves to another time offered to them; staff set a new time (and reviewer) themselves. */
export type RescheduleInterviewInput =
  | (Common & { as: { side: 'applicant' }; slotId: string })
  | (Common & {
      as: Extract<InterviewActorSide, { side: 'staff' }>;
      startsAt: Date;
      minutes?: number;
      reviewerId?: string;
    });

/**
 * Moves a booked interview that has not started, with a reason both sides read. It keeps its id, so the calendar
 * event is replaced (its sequence goes up), and a reminder is written again for the new time.
 */
export class RescheduleInterview {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(input: RescheduleInterviewInput): Promise<Interview> {
    const { deps } = this;
    const reason = checkReason(input.reason);
    const { interview, loaded } = await interviewFor(deps, input);
    const now = deps.clock.now();
    requireUpcoming(interview, now);
    requireOpen(loaded);
    return deps.transactions.run(async () => {
      const moved =
        'slotId' in input
          ? await this.toSlot(interview, await this.offeredSlot(input.slotId, interview, now))
          : await this.toNewTime(input, interview, loaded, now);
      const next = withStep(
        interview,
        { ...moved, sequence: interview.sequence + 1, remindedFor: null },
        { action: 'rescheduled', by: input.as.side, name: actorName(input.actor), reason, now },
      );
      await saveOver(deps, next, interview);
      await deps.messages.send(
        interviewMessages.rescheduled(
          next,
          { by: input.as.side, name: actorName(input.actor), reason, previousReviewerId: interview.reviewerId },
          messageContext(loaded, deps.links),
        ),
      );
      return next;
    });
  }

  /** one of the application's other open times, still ahead */
  private async offeredSlot(slotId: string, interview: Interview, now: Date): Promise<InterviewSlot> {
    const slot = await this.deps.interviews.findSlot(slotId);
    if (!slot || slot.applicationId !== interview.applicationId || slot.id === interview.slotId)
      throw new InterviewSlotNotFoundError(slotId);
    if (slot.status !== 'open' || slot.startsAt <= now)
      throw new InterviewSlotTakenError('This time is no longer available. Pick another one.');
    return slot;
  }

  private async toSlot(interview: Interview, slot: InterviewSlot): Promise<Partial<Interview>> {
    const { interviews } = this.deps;
    if (!(await interviews.moveSlot(slot.id, 'open', 'taken'))) throw new InterviewSlotTakenError();
    const busy = await interviews.bookedOverlapping([slot.reviewerId], slot.startsAt, slot.endsAt);
    if (busy.some((other) => other.id !== interview.id)) throw new InterviewSlotTakenError();
    // the time left behind is still the reviewer's offer to this applicant
    await interviews.moveSlot(interview.slotId, 'taken', 'open');
    return { slotId: slot.id, ...pick(slot) };
  }

  private async toNewTime(
    input: StaffInput,
    interview: Interview,
    loaded: LoadedApplication,
    now: Date,
  ): Promise<Partial<Interview>> {
    const { deps } = this;
    checkNewTime(input.startsAt, now);
    if (input.minutes !== undefined) checkMinutes(input.minutes, 'minutes');
    const reviewer = await reviewerOf(deps, {
      kind: loaded.kind,
      reviewerId: input.reviewerId ?? interview.reviewerId,
      actor: input.actor,
      applicantId: interview.applicantId,
    });
    const time = {
      startsAt: input.startsAt,
      endsAt: addMinutes(input.startsAt, input.minutes ?? minutesOf(interview)),
    };
    await checkReviewerFree(deps, reviewer, time, interview.id);
    const slot: InterviewSlot = {
      id: deps.ids.next(),
      kind: interview.kind,
      applicationId: interview.applicationId,
      applicantId: interview.applicantId,
      reviewerId: reviewer.id,
      reviewerName: reviewer.name,
      ...time,
      status: 'taken',
      offeredBy: input.actor.id,
      createdAt: now,
    };
    await deps.interviews.addSlots([slot]);
    // staff moved it away from that time: it is not offered again
    await deps.interviews.moveSlot(interview.slotId, 'taken', 'withdrawn');
    return { slotId: slot.id, ...pick(slot) };
  }
}

type StaffInput = Extract<RescheduleInterviewInput, { startsAt: Date }>;

const pick = (slot: InterviewSlot) => ({
  reviewerId: slot.reviewerId,
  reviewerName: slot.reviewerName,
  startsAt: slot.startsAt,
  endsAt: slot.endsAt,
});
