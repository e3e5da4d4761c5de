import type { ApplicationKindName } from '../../applications/model/application.ts';
import { saveOver } from '../model/booked-interview.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { applicationOf } from '../model/interview-access.ts';
import { interviewMessages } from '../model/interview-messages.ts';
import { messageContext, withStep } from '../model/interview-schedule.ts';

/** the reason a decided application's interview gives both sides */
export const DECIDED_REASON = 'The application was decided.';

/**
 * A decided application's interviews end with it: a booked interview that has not started is cancelled (the
 * applicant and the reviewer are told why, and its time is withdrawn), and the times still offered are withdrawn.
 * Runs inside the decision's transaction, so the interviews end exactly when the decision is taken. An interview
 * that has started stays as it is, for its outcome to be recorded.
 */
export class CloseDecidedInterviews {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(input: { kind: ApplicationKindName; applicationId: string; reviewerName: string }): Promise<void> {
    const { deps } = this;
    const now = deps.clock.now();
    const booked = (await deps.interviews.ofApplication(input.applicationId)).filter(
      (interview) => interview.status === 'booked' && interview.startsAt > now,
    );
    if (booked.length > 0) {
      const context = messageContext(await applicationOf(deps, input.kind, input.applicationId), deps.links);
      const change = { by: 'staff' as const, name: input.reviewerName, reason: DECIDED_REASON };
      for (const interview of booked) {
        const next = withStep(interview, { status: 'cancelled' }, { action: 'cancelled', ...change, now });
        await saveOver(deps, next, interview);
        await deps.interviews.moveSlot(interview.slotId, 'taken', 'withdrawn');
        await deps.messages.send(interviewMessages.cancelled(next, change, context));
      }
    }
    for (const slot of await deps.interviews.slotsOf(input.applicationId))
      if (slot.status === 'open') await deps.interviews.moveSlot(slot.id, 'open', 'withdrawn');
  }
}
