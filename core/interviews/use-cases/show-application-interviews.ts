import type { ApplicationKindName } from '../../applications/model/application.ts';
import type { InterviewDeps } from '../model/deps.ts';
import { actorName, type InterviewActor, isStaffOf, staffApplication } from '../model/interview-access.ts';
import type { Reviewer } from '../model/interview-schedule.ts';
import { type ApplicationInterviews, slotViews } from '../model/interview-views.ts';

/** An application's interview as its kind's staff see it, with the reviewers who may hold one (`you`: the reader). */
export class ShowApplicationInterviews {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(input: {
    kind: ApplicationKindName;
    applicationId: string;
    actor: InterviewActor;
  }): Promise<ApplicationInterviews & { reviewers: Array<Reviewer & { you: boolean }> }> {
    const { deps } = this;
    const { kind, application, open } = await staffApplication(deps, input);
    const [slots, interviews, staff] = await Promise.all([
      deps.interviews.slotsOf(application.id),
      deps.interviews.ofApplication(application.id),
      deps.users.withAccess(),
    ]);
    return {
      kind: kind.name,
      label: kind.label,
      applicationId: application.id,
      required: deps.settings.requiredFor.includes(kind.name),
      open,
      slots: await slotViews(deps, slots, deps.clock.now()),
      interviews,
      reviewers: staff
        .filter((user) => isStaffOf(kind, user) && user.id !== application.userId)
        .map((user) => ({ id: user.id, name: actorName(user), you: user.id === input.actor.id }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
}
