/* The interviews' limits, apart from their schemas: the account page reads them without loading zod. */

/** The lengths staff may give an interview, in minutes (the form offers these; the server takes any between). */
export const INTERVIEW_LENGTHS = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_INTERVIEW_MINUTES = 30;
export const MIN_INTERVIEW_MINUTES = 15;
export const MAX_INTERVIEW_MINUTES = 180;
/** A time offered (or moved to by staff) starts at least this long from now: the applicant needs the notice. */
export const MIN_NOTICE_MINUTES = 60;
/** ...and at most this far ahead. */
export const MAX_AHEAD_DAYS = 90;
/** Times offered at once, and open on one application at a time. */
export const MAX_SLOTS_PER_OFFER = 10;
export const MAX_OPEN_SLOTS = 20;
export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
export const OUTCOME_NOTES_MAX_LENGTH = 2000;
