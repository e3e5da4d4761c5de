import type { InterviewDeps } from '../model/deps.ts';
import { applicationOf } from '../model/interview-access.ts';
import type { InterviewSlot } from '../model/interview.ts';
import { type ApplicationInterviews, slotViews } from '../model/interview-views.ts';

/**
 * The applicant's own interviews, per application that has any or was offered times: the times they may book (open
 * ones only) and their interviews, the latest first.
 */
export class ShowMyInterviews {
  constructor(private readonly deps: Pick<InterviewDeps, 'applications' | 'interviews' | 'settings' | 'clock'>) {}

  async execute(input: { userId: string }): Promise<ApplicationInterviews[]> {
    const { deps } = this;
    const [slots, interviews] = await Promise.all([
      deps.interviews.slotsOfApplicant(input.userId),
      deps.interviews.ofApplicant(input.userId),
    ]);
    const byApplication = new Map<string, { kind: InterviewSlot['kind']; slots: InterviewSlot[] }>();
    for (const { applicationId, kind } of [...interviews, ...slots])
      if (!byApplication.has(applicationId)) byApplication.set(applicationId, { kind, slots: [] });
    for (const slot of slots) byApplication.get(slot.applicationId)?.slots.push(slot);
    const now = deps.clock.now();
    const views: ApplicationInterviews[] = [];
    for (const [applicationId, entry] of byApplication) {
      const { kind, open } = await applicationOf(deps, entry.kind, applicationId);
      const offered = (await slotViews(deps, entry.slots, now)).filter((slot) => open && slot.available);
      const mine = interviews.filter((interview) => interview.applicationId === applicationId);
      // times all withdrawn or gone, and no interview: nothing to show
      if (offered.length === 0 && mine.length === 0) continue;
      views.push({
        kind: kind.name,
        label: kind.label,
        applicationId,
        required: deps.settings.requiredFor.includes(kind.name),
        open,
        slots: offered,
        interviews: mine,
      });
    }
    return views;
  }
}
