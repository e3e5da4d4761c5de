import type { InterviewDeps } from '../model/deps.ts';
import { applicationOf } from '../model/interview-access.ts';
import { interviewMessages } from '../model/interview-messages.ts';
import { messageContext } from '../model/interview-schedule.ts';
import { addMinutes, REMINDER_LEAD_MINUTES } from '../model/interview.ts';

const PASS_MAX = 100;

/**
 * Writes the reminder of each booked interview starting within the next 30 minutes, once per interview and start
 * time: the interview records the start it was reminded of (a compare-and-set, so two passes at once write one), and
 * the messages' dedupe keys name it too. A moved interview is reminded again of its new time; one that has started
 * is not reminded any more. Run on a timer beside the other recurring jobs.
 */
export class SendInterviewReminders {
  constructor(private readonly deps: InterviewDeps) {}

  async execute(): Promise<{ reminded: number }> {
    const { deps } = this;
    const now = deps.clock.now();
    const due = await deps.interviews.dueReminders(now, addMinutes(now, REMINDER_LEAD_MINUTES), PASS_MAX);
    let reminded = 0;
    for (const interview of due) {
      const loaded = await applicationOf(deps, interview.kind, interview.applicationId);
      const written = await deps.transactions.run(async () => {
        if (!(await deps.interviews.markReminded(interview.id, interview.startsAt))) return false;
        await deps.messages.send(interviewMessages.reminder(interview, messageContext(loaded, deps.links)));
        return true;
      });
      if (written) reminded += 1;
    }
    return { reminded };
  }
}
