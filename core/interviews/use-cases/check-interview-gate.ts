import type { ApplicationKindName } from '../../applications/model/application.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { interviewFirst } from '../model/interview-messages.ts';

/**
 * Whether an approval must wait for an interview: a kind that requires one (INTERVIEW_REQUIRED_FOR) and no interview
 * of the application held. Answers why, or null when nothing waits.
 */
export class CheckInterviewGate {
  constructor(private readonly deps: Pick<InterviewDeps, 'applications' | 'interviews' | 'settings'>) {}

  async execute(input: { kind: ApplicationKindName; applicationId: string }): Promise<string | null> {
    if (!this.deps.settings.requiredFor.includes(input.kind)) return null;
    const interviews = await this.deps.interviews.ofApplication(input.applicationId);
    if (interviews.some((interview) => interview.status === 'held' && interview.kind === input.kind)) return null;
    return interviewFirst(this.deps.applications[input.kind].kind.label);
  }
}
