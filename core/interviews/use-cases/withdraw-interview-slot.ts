import type { ApplicationKindName } from '../../applications/model/application.ts';
import { InterviewSlotNotFoundError, InterviewSlotTakenError } from '../errors.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { type InterviewActor, staffApplication } from '../model/interview-access.ts';
import type { InterviewSlot } from '../model/interview.ts';

/** Staff withdraw a time nobody has booked. A booked one is cancelled (with a reason) instead. */
export class WithdrawInterviewSlot {
  constructor(private readonly deps: Pick<InterviewDeps, 'applications' | 'interviews'>) {}

  async execute(input: {
    kind: ApplicationKindName;
    applicationId: string;
    slotId: string;
    actor: InterviewActor;
  }): Promise<InterviewSlot> {
    const loaded = await staffApplication(this.deps, input);
    const slot = await this.deps.interviews.findSlot(input.slotId);
    if (!slot || slot.applicationId !== loaded.application.id) throw new InterviewSlotNotFoundError(input.slotId);
    if (!(await this.deps.interviews.moveSlot(slot.id, 'open', 'withdrawn')))
      throw new InterviewSlotTakenError('This time is not open any more: it was booked or withdrawn already.');
    return { ...slot, status: 'withdrawn' };
  }
}
