import { InterviewAlreadyBookedError, InterviewSlotNotFoundError, InterviewSlotTakenError } from '../errors.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { actorName, applicationOf, type InterviewActor, requireOpen } from '../model/interview-access.ts';
import { interviewMessages } from '../model/interview-messages.ts';
import { messageContext } from '../model/interview-schedule.ts';
import type { Interview } from '../model/interview.ts';

/**
 * The applicant picks one of the times offered to them. Two applicants never hold one reviewer's time, and an
 * applicant holds one booked interview per application: the store's unique indexes decide between two at once.
 * Both the applicant and the reviewer are told by direct message.
 */
export class BookInterview {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(input: { slotId: string; actor: InterviewActor }): Promise<Interview> {
    const { deps } = this;
    const slot = await deps.interviews.findSlot(input.slotId);
    if (!slot || slot.applicantId !== input.actor.id) throw new InterviewSlotNotFoundError(input.slotId);
    const loaded = await applicationOf(deps, slot.kind, slot.applicationId);
    requireOpen(loaded);
    const now = deps.clock.now();
    if (slot.status !== 'open' || slot.startsAt <= now)
      throw new InterviewSlotTakenError('This time is no longer available. Pick another one.');
    if ((await deps.interviews.ofApplication(slot.applicationId)).some((other) => other.status === 'booked'))
      throw new InterviewAlreadyBookedError();
    return deps.transactions.run(async () => {
      if (!(await deps.interviews.moveSlot(slot.id, 'open', 'taken'))) throw new InterviewSlotTakenError();
      // the same reviewer's time offered to another applicant, and booked by them first
      if ((await deps.interviews.bookedOverlapping([slot.reviewerId], slot.startsAt, slot.endsAt)).length > 0)
        throw new InterviewSlotTakenError();
      const interview: Interview = {
        id: deps.ids.next(),
        kind: slot.kind,
        applicationId: slot.applicationId,
        applicantId: slot.applicantId,
        slotId: slot.id,
        reviewerId: slot.reviewerId,
        reviewerName: slot.reviewerName,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        status: 'booked',
        sequence: 0,
        notes: null,
        remindedFor: null,
        history: [
          {
            at: now,
            action: 'booked',
            by: 'applicant',
            name: actorName(input.actor),
            reason: null,
            startsAt: slot.startsAt,
          },
        ],
        createdAt: now,
        updatedAt: now,
      };
      await deps.interviews.add(interview);
      await deps.messages.send(interviewMessages.booked(interview, messageContext(loaded, deps.links)));
      return interview;
    });
  }
}
