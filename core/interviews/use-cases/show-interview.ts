import { InterviewNotFoundError } from '../errors.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { applicationOf, type InterviewActor, isStaffOf } from '../model/interview-access.ts';
import type { Interview } from '../model/interview.ts';

/** One interview, to its applicant or its kind's staff (its calendar file); to anyone else it does not exist. */
export class ShowInterview {
  constructor(private readonly deps: Pick<InterviewDeps, 'applications' | 'interviews'>) {}

  async execute(input: {
    interviewId: string;
    actor: InterviewActor;
  }): Promise<{ interview: Interview; label: string; applicantName: string }> {
    const interview = await this.deps.interviews.findById(input.interviewId);
    const { kind } = interview ? this.deps.applications[interview.kind] : { kind: null };
    if (!interview || !kind || (interview.applicantId !== input.actor.id && !isStaffOf(kind, input.actor)))
      throw new InterviewNotFoundError(input.interviewId);
    const { application } = await applicationOf(this.deps, interview.kind, interview.applicationId);
    return { interview, label: kind.label, applicantName: application.discordUsername };
  }
}
