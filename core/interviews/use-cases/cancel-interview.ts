import { requireUpcoming, saveOver } from '../model/booked-interview.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { actorName, type InterviewActor, type InterviewActorSide, interviewFor } from '../model/interview-access.ts';
import { interviewMessages } from '../model/interview-messages.ts';
import { checkReason } from '../model/interview-rules.ts';
import { messageContext, withStep } from '../model/interview-schedule.ts';
import type { Interview } from '../model/interview.ts';

/**
 * Either side cancels a booked interview before it starts, with a reason the other reads. An applicant who cancels
 * may book again (the time goes back to the times offered); staff who cancel withdraw the time.
 */
export class CancelInterview {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(input: {
    interviewId: string;
    actor: InterviewActor;
    as: InterviewActorSide;
    reason: string;
  }): Promise<Interview> {
    const { deps } = this;
    const reason = checkReason(input.reason);
    const { interview, loaded } = await interviewFor(deps, input);
    const now = deps.clock.now();
    requireUpcoming(interview, now);
    const by = input.as.side;
    const name = actorName(input.actor);
    return deps.transactions.run(async () => {
      const next = withStep(interview, { status: 'cancelled' }, { action: 'cancelled', by, name, reason, now });
      await saveOver(deps, next, interview);
      // a decided application's times are not offered again
      const reopen = by === 'applicant' && loaded.open;
      await deps.interviews.moveSlot(interview.slotId, 'taken', reopen ? 'open' : 'withdrawn');
      await deps.messages.send(
        interviewMessages.cancelled(next, { by, name, reason }, messageContext(loaded, deps.links)),
      );
      return next;
    });
  }
}
