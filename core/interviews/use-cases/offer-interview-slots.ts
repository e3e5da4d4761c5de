import type { ApplicationKindName } from '../../applications/model/application.ts';
import { InterviewTimeError } from '../errors.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { type InterviewActor, requireOpen, staffApplication } from '../model/interview-access.ts';
import { interviewMessages } from '../model/interview-messages.ts';
import { MAX_OPEN_SLOTS } from '../model/interview-rules.ts';
import {
  checkApart,
  checkMinutes,
  checkNewTime,
  checkReviewerFree,
  messageContext,
  reviewerOf,
} from '../model/interview-schedule.ts';
import { addMinutes, type InterviewSlot } from '../model/interview.ts';

export interface OfferInterviewSlotsInput {
  kind: ApplicationKindName;
  applicationId: string;
  actor: InterviewActor;
  /** who holds the interview; the actor unless named */
  reviewerId?: string;
  slots: ReadonlyArray<{ startsAt: Date; minutes: number }>;
}

/**
 * Staff of the application's kind offer its applicant times to pick from, each held by one reviewer who is free
 * then. The applicant is told by direct message.
 */
export class OfferInterviewSlots {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(input: OfferInterviewSlotsInput): Promise<InterviewSlot[]> {
    const { deps } = this;
    const loaded = await staffApplication(deps, input);
    requireOpen(loaded);
    const reviewer = await reviewerOf(deps, {
      kind: loaded.kind,
      reviewerId: input.reviewerId,
      actor: input.actor,
      applicantId: loaded.application.userId,
    });
    const now = deps.clock.now();
    const times = input.slots.map((slot, index) => {
      checkNewTime(slot.startsAt, now, `slots.${index}.startsAt`);
      checkMinutes(slot.minutes, `slots.${index}.minutes`);
      return { startsAt: slot.startsAt, endsAt: addMinutes(slot.startsAt, slot.minutes) };
    });
    checkApart(times);
    return deps.transactions.run(async () => {
      const open = (await deps.interviews.slotsOf(loaded.application.id)).filter((slot) => slot.status === 'open');
      if (open.length + times.length > MAX_OPEN_SLOTS)
        throw new InterviewTimeError(
          `An application holds at most ${MAX_OPEN_SLOTS} open times; ${open.length} are open now. Withdraw some first.`,
        );
      for (const time of times) {
        if (open.some((slot) => slot.reviewerId === reviewer.id && slot.startsAt.getTime() === time.startsAt.getTime()))
          throw new InterviewTimeError(`${time.startsAt.toISOString()} is offered already.`);
        await checkReviewerFree(deps, reviewer, time);
      }
      const slots: InterviewSlot[] = times.map((time) => ({
        id: deps.ids.next(),
        kind: loaded.kind.name,
        applicationId: loaded.application.id,
        applicantId: loaded.application.userId,
        reviewerId: reviewer.id,
        reviewerName: reviewer.name,
        ...time,
        status: 'open',
        offeredBy: input.actor.id,
        createdAt: now,
      }));
      await deps.interviews.addSlots(slots);
      await deps.messages.send(interviewMessages.offered(slots, messageContext(loaded, deps.links)));
      return slots;
    });
  }
}
