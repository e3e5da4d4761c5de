import type { ApplicationKind } from '../../applications/model/application.ts';
import { InterviewReviewerError, InterviewTimeError, ReviewerBusyError } from '../errors.ts';
import type { InterviewDeps } from './deps.ts';
import { actorName, type InterviewActor, isStaffOf, type LoadedApplication } from './interview-access.ts';
import { addMinutes, type Interview, overlaps } from './interview.ts';
import { MAX_AHEAD_DAYS, MIN_NOTICE_MINUTES, minutesField } from './interview-rules.ts';
import type { MessageContext } from './interview-messages.ts';

export interface Reviewer {
  id: string;
  name: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A new time staff set: at least an hour's notice, at most 90 days ahead. */
export function checkNewTime(startsAt: Date, now: Date, path = 'startsAt'): void {
  if (startsAt < addMinutes(now, MIN_NOTICE_MINUTES))
    throw new InterviewTimeError(
      `${utc(startsAt)} is too soon: give the applicant at least ${MIN_NOTICE_MINUTES} minutes' notice.`,
      path,
    );
  if (startsAt.getTime() > now.getTime() + MAX_AHEAD_DAYS * DAY_MS)
    throw new InterviewTimeError(`${utc(startsAt)} is more than ${MAX_AHEAD_DAYS} days ahead.`, path);
}

/** A length in whole minutes, 15 to 180. */
export function checkMinutes(minutes: number, path: string): void {
  const parsed = minutesField.safeParse(minutes);
  if (!parsed.success)
    throw new InterviewTimeError(parsed.error.issues[0]?.message ?? 'Give a length in minutes', path);
}

/** Times offered together must not overlap each other: one reviewer holds them all. */
export function checkApart(times: ReadonlyArray<{ startsAt: Date; endsAt: Date }>): void {
  const sorted = [...times].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let at = 1; at < sorted.length; at++)
    if (overlaps(sorted[at - 1], sorted[at]))
      throw new InterviewTimeError(`${utc(sorted[at].startsAt)} overlaps another time offered with it.`);
}

/**
 * Who holds the interview: the account named, or the actor. A reviewer holds the kind's deciding permission and is
 * not the applicant.
 */
export async function reviewerOf(
  deps: Pick<InterviewDeps, 'users'>,
  input: { kind: ApplicationKind; reviewerId?: string; actor: InterviewActor; applicantId: string },
): Promise<Reviewer> {
  const user = input.reviewerId ? await deps.users.findById(input.reviewerId) : input.actor;
  if (!user || !isStaffOf(input.kind, user))
    throw new InterviewReviewerError(`The reviewer must be staff who review ${input.kind.label}s.`);
  if (user.id === input.applicantId) throw new InterviewReviewerError('The applicant cannot hold their own interview.');
  return { id: user.id, name: actorName(user) };
}

/** The reviewer holds no other booked interview at that time (the store refuses the same start on its own). */
export async function checkReviewerFree(
  deps: Pick<InterviewDeps, 'interviews'>,
  reviewer: Reviewer,
  time: { startsAt: Date; endsAt: Date },
  exceptInterviewId?: string,
): Promise<void> {
  const busy = await deps.interviews.bookedOverlapping([reviewer.id], time.startsAt, time.endsAt);
  if (busy.some((other) => other.id !== exceptInterviewId)) throw new ReviewerBusyError(reviewer.name);
}

export function messageContext(loaded: LoadedApplication, links: InterviewDeps['links']): MessageContext {
  return { label: loaded.kind.label, applicantName: loaded.application.discordUsername, links };
}

/** The interview once a step is taken: its history grows by one, its update time moves. */
export function withStep(
  interview: Interview,
  changes: Partial<Interview>,
  step: {
    action: Interview['history'][number]['action'];
    by: Interview['history'][number]['by'];
    name: string;
    reason: string | null;
    now: Date;
  },
): Interview {
  const next = { ...interview, ...changes, updatedAt: step.now };
  const { now, ...rest } = step;
  return { ...next, history: [...interview.history, { ...rest, at: now, startsAt: next.startsAt }] };
}
