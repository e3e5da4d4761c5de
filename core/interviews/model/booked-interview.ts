import { InterviewChangedError, InterviewNotBookedError, InterviewStartedError } from '../errors.ts';
import type { InterviewDeps } from './deps.ts';
import type { Interview } from './interview.ts';

/** A booked interview that has not started: the only one that can be moved or cancelled. */
export function requireUpcoming(interview: Interview, now: Date): void {
  if (interview.status !== 'booked') throw new InterviewNotBookedError(interview.status);
  if (interview.startsAt <= now) throw new InterviewStartedError();
}

/** Stores the interview's next state over the one read; someone else's change in between refuses it. */
export async function saveOver(
  deps: Pick<InterviewDeps, 'interviews'>,
  next: Interview,
  read: Interview,
): Promise<void> {
  if (!(await deps.interviews.save(next, read.sequence))) throw new InterviewChangedError();
}
