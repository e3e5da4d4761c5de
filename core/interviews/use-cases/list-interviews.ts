import type { InterviewDeps } from '../model/deps.ts';
import type { Interview } from '../model/interview.ts';
import { displayName } from '../../users/model/user.ts';

const LIST_MAX = 500;

/** An interview with its applicant's name, as the terminal lists it. */
export type ListedInterview = Interview & { applicantName: string };

/**
 * Every kind's interviews for the operator: `upcoming`, the booked ones not started yet, the soonest first;
 * otherwise all of them, the latest start first.
 */
export class ListInterviews {
  constructor(private readonly deps: Pick<InterviewDeps, 'interviews' | 'users' | 'clock'>) {}

  async execute(input: { upcoming?: boolean } = {}): Promise<ListedInterview[]> {
    const { deps } = this;
    const interviews = await deps.interviews.list(
      input.upcoming ? { from: deps.clock.now(), statuses: ['booked'], limit: LIST_MAX } : { limit: LIST_MAX },
    );
    const names = new Map<string, string>();
    for (const id of new Set(interviews.map((interview) => interview.applicantId))) {
      const user = await deps.users.findById(id);
      names.set(id, user ? displayName(user) : 'Player');
    }
    return interviews.map((interview) => ({
      ...interview,
      applicantName: names.get(interview.applicantId) ?? 'Player',
    }));
  }
}
