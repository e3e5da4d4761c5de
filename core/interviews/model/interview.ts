import type { ApplicationKindName } from '../../applications/model/application.ts';

/**
 * A time a reviewer offers one application's applicant: open (the applicant may book it), taken (an interview holds
 * it) or withdrawn (staff took it back, or moved the interview away from it).
 */
export const SLOT_STATUSES = ['open', 'taken', 'withdrawn'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

export interface InterviewSlot {
  id: string;
  kind: ApplicationKindName;
  applicationId: string;
  /** the application's applicant: the one account that may book it */
  applicantId: string;
  /** who holds the interview */
  reviewerId: string;
  reviewerName: string;
  startsAt: Date;
  endsAt: Date;
  status: SlotStatus;
  /** the staff member who offered it */
  offeredBy: string;
  createdAt: Date;
}

/** booked, then held or no_show (recorded by staff once it has started), or cancelled before it starts. */
export const INTERVIEW_STATUSES = ['booked', 'cancelled', 'held', 'no_show'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const INTERVIEW_OUTCOMES = ['held', 'no_show'] as const;
export type InterviewOutcome = (typeof INTERVIEW_OUTCOMES)[number];

/** Who acted: the applicant on their account page, or staff of the application's kind. */
export type InterviewSide = 'applicant' | 'staff';

export const INTERVIEW_ACTIONS = ['booked', 'rescheduled', 'cancelled', 'held', 'no_show'] as const;
export type InterviewAction = (typeof INTERVIEW_ACTIONS)[number];

/** One step of an interview's life, with who took it and why. */
export interface InterviewEvent {
  at: Date;
  action: InterviewAction;
  by: InterviewSide;
  /** the name of whoever acted, as the site shows it */
  name: string;
  /** the reason given (rescheduling, cancelling), or staff's outcome notes */
  reason: string | null;
  /** when the interview was set to start once this step was taken */
  startsAt: Date;
}

/** The applicant's booking of one slot, moved by rescheduling, ended by a cancellation or an outcome. */
export interface Interview {
  id: string;
  kind: ApplicationKindName;
  applicationId: string;
  applicantId: string;
  /** the slot it holds now */
  slotId: string;
  reviewerId: string;
  reviewerName: string;
  startsAt: Date;
  endsAt: Date;
  status: InterviewStatus;
  /** goes up with each new time, so a calendar that imported the event replaces it (SEQUENCE) */
  sequence: number;
  /** staff's notes on the outcome; the applicant never reads them */
  notes: string | null;
  /** the start time the 30-minute reminder was written for; null until then */
  remindedFor: Date | null;
  /** oldest first */
  history: InterviewEvent[];
  createdAt: Date;
  updatedAt: Date;
}

/** The direct messages go out this long before an interview starts. */
export const REMINDER_LEAD_MINUTES = 30;

const MINUTE_MS = 60_000;

export const minutesOf = (interval: Pick<Interview, 'startsAt' | 'endsAt'>) =>
  Math.round((interval.endsAt.getTime() - interval.startsAt.getTime()) / MINUTE_MS);

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE_MS);

/** Whether two stretches of time share a moment (one ending as the other starts shares none). */
export const overlaps = (a: Pick<Interview, 'startsAt' | 'endsAt'>, b: Pick<Interview, 'startsAt' | 'endsAt'>) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;
