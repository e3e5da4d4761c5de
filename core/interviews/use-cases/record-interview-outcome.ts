import type { ApplicationKindName } from '../../applications/model/application.ts';
import { InterviewNotBookedError, InterviewNotStartedError } from '../errors.ts';
import { saveOver } from '../model/booked-interview.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { actorName, type InterviewActor, interviewFor } from '../model/interview-access.ts';
import { withStep } from '../model/interview-schedule.ts';
import type { Interview, InterviewOutcome } from '../model/interview.ts';

/**
 * Staff of the kind record how a booked interview went once it has started: held, or a no-show (the applicant did
 * not come). The outcome is final; a no-show may be followed by new times offered.
 */
export class RecordInterviewOutcome {
  constructor(private readonly deps: Pick<InterviewDeps, 'applications' | 'interviews' | 'clock' | 'transactions'>) {}

  async execute(input: {
    kind: ApplicationKindName;
    applicationId: string;
    interviewId: string;
    actor: InterviewActor;
    outcome: InterviewOutcome;
    notes?: string | null;
  }): Promise<Interview> {
    const { deps } = this;
    const { kind, applicationId } = input;
    const { interview } = await interviewFor(deps, { ...input, as: { side: 'staff', kind, applicationId } });
    if (interview.status !== 'booked') throw new InterviewNotBookedError(interview.status);
    const now = deps.clock.now();
    if (now < interview.startsAt) throw new InterviewNotStartedError(interview.startsAt);
    const notes = input.notes?.trim() || null;
    const next = withStep(
      interview,
      { status: input.outcome, notes },
      { action: input.outcome, by: 'staff', name: actorName(input.actor), reason: null, now },
    );
    await deps.transactions.run(() => saveOver(deps, next, interview));
    return next;
  }
}
