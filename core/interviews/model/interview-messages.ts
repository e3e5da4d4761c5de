import type { InterviewLinks, MemberMessage } from '../ports.ts';
import { type Interview, type InterviewSide, type InterviewSlot, minutesOf } from './interview.ts';

/** What every message about one application's interview names. */
export interface MessageContext {
  /** 'staff application' */
  label: string;
  /** the applicant as the review screens name them (their Discord name on the application) */
  applicantName: string;
  links: InterviewLinks;
}

/**
 * An instant as Discord shows it to each reader: in their own time zone and language (`<t:…:F>`), how far off
 * (`<t:…:R>`), and in UTC for whoever reads the message text as it is.
 */
export function discordTime(date: Date): string {
  const seconds = Math.floor(date.getTime() / 1000);
  return `<t:${seconds}:F> (<t:${seconds}:R>; ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
}

const key = (interview: Interview, what: string, to: 'applicant' | 'reviewer') =>
  `message:interview:${interview.id}:${what}:${to}`;

function pair(interview: Interview, what: string, applicant: string, reviewer: string): MemberMessage[] {
  return [
    {
      userId: interview.applicantId,
      content: applicant,
      dedupeKey: key(interview, what, 'applicant'),
      applicationId: interview.applicationId,
    },
    {
      userId: interview.reviewerId,
      content: reviewer,
      dedupeKey: key(interview, what, 'reviewer'),
      applicationId: interview.applicationId,
    },
  ];
}

const said = (by: InterviewSide, name: string, reason: string) =>
  `${by === 'applicant' ? `${name} (the applicant)` : name} gave this reason: ${reason}`;

export const interviewMessages = {
  /** the applicant hears that times wait for them to pick one */
  offered(slots: readonly InterviewSlot[], context: MessageContext): MemberMessage[] {
    const [first] = slots;
    if (!first) return [];
    const times = slots.length === 1 ? 'an interview time' : `${slots.length} interview times`;
    return [
      {
        userId: first.applicantId,
        content: `Staff offered you ${times} for your ${context.label}, from ${discordTime(first.startsAt)}. Pick one on your account page:\n${context.links.account}`,
        dedupeKey: `message:interview-offer:${first.id}`,
        applicationId: first.applicationId,
      },
    ];
  },

  booked(interview: Interview, context: MessageContext): MemberMessage[] {
    const at = discordTime(interview.startsAt);
    const length = `${minutesOf(interview)} minutes`;
    const calendar = context.links.calendar(interview.id);
    return pair(
      interview,
      `${interview.sequence}:booked`,
      `Your ${context.label} interview is booked: ${at}, ${length}, with ${interview.reviewerName}.\nAdd it to your calendar: ${calendar}\nMove or cancel it on your account page: ${context.links.account}`,
      `Interview booked: ${context.applicantName}'s ${context.label}, ${at}, ${length}.\nCalendar file: ${calendar}`,
    );
  },

  rescheduled(
    interview: Interview,
    change: { by: InterviewSide; name: string; reason: string; previousReviewerId: string },
    context: MessageContext,
  ): MemberMessage[] {
    const at = discordTime(interview.startsAt);
    const why = said(change.by, change.name, change.reason);
    const calendar = context.links.calendar(interview.id);
    const toReviewer = `${context.applicantName}'s ${context.label} interview moved to ${at}, with ${interview.reviewerName}. ${why}\nCalendar file: ${calendar}`;
    const messages = pair(
      interview,
      `${interview.sequence}:rescheduled`,
      `Your ${context.label} interview moved to ${at}, with ${interview.reviewerName}. ${why}\nAdd the new time to your calendar: ${calendar}`,
      toReviewer,
    );
    // a reviewer who no longer holds it hears so too
    if (change.previousReviewerId !== interview.reviewerId)
      messages.push({
        userId: change.previousReviewerId,
        content: `${context.applicantName}'s ${context.label} interview is now held by ${interview.reviewerName}, ${at}. ${why}`,
        dedupeKey: `message:interview:${interview.id}:${interview.sequence}:handed-over`,
        applicationId: interview.applicationId,
      });
    return messages;
  },

  cancelled(
    interview: Interview,
    change: { by: InterviewSide; name: string; reason: string },
    context: MessageContext,
  ): MemberMessage[] {
    const at = discordTime(interview.startsAt);
    const why = said(change.by, change.name, change.reason);
    return pair(
      interview,
      'cancelled',
      `Your ${context.label} interview of ${at} is cancelled. ${why}${change.by === 'applicant' ? `\nYou can pick another time on your account page: ${context.links.account}` : ''}`,
      `${context.applicantName}'s ${context.label} interview of ${at} is cancelled. ${why}`,
    );
  },

  /** once per interview and start time: a moved interview is reminded again of its new time */
  reminder(interview: Interview, context: MessageContext): MemberMessage[] {
    const at = discordTime(interview.startsAt);
    return pair(
      interview,
      `reminder:${interview.startsAt.toISOString()}`,
      `Reminder: your ${context.label} interview with ${interview.reviewerName} starts ${at}.`,
      `Reminder: ${context.applicantName}'s ${context.label} interview starts ${at}.`,
    );
  },
};

/** What an approval waiting for its interview says (the applications module asks through its `interviews` port). */
export const interviewFirst = (label: string) => `This ${label} needs an interview first.`;
