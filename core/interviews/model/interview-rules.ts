import { z } from 'zod';
import type { ApplicationKindName } from '../../applications/model/application.ts';
import { typeError } from '../../applications/model/answer-fields.ts';
import { InvalidInputError } from '../../shared/errors.ts';
import { INTERVIEW_OUTCOMES } from './interview.ts';
import {
  MAX_INTERVIEW_MINUTES,
  MAX_SLOTS_PER_OFFER,
  MIN_INTERVIEW_MINUTES,
  OUTCOME_NOTES_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
} from './interview-limits.ts';

export {
  DEFAULT_INTERVIEW_MINUTES,
  INTERVIEW_LENGTHS,
  MAX_AHEAD_DAYS,
  MAX_INTERVIEW_MINUTES,
  MAX_OPEN_SLOTS,
  MAX_SLOTS_PER_OFFER,
  MIN_INTERVIEW_MINUTES,
  MIN_NOTICE_MINUTES,
  OUTCOME_NOTES_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
} from './interview-limits.ts';

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An instant as the API speaks it: ISO 8601 with its offset (the site sends UTC, `Z`). */
export const instantField = z
  .string({ error: typeError('string') })
  .pipe(
    z.iso.datetime({
      offset: true,
      error: 'Give a date and time in ISO 8601 with its offset, e.g. 2026-12-03T18:00:00Z',
    }),
  )
  .transform((value) => new Date(value));

const idField = (message: string) => z.string({ error: typeError('string') }).regex(ID_SHAPE, message);

export const minutesField = z
  .number({ error: typeError('number') })
  .int('Give the length in whole minutes')
  .min(MIN_INTERVIEW_MINUTES, `An interview lasts at least ${MIN_INTERVIEW_MINUTES} minutes`)
  .max(MAX_INTERVIEW_MINUTES, `An interview lasts at most ${MAX_INTERVIEW_MINUTES} minutes`);

/** Why an interview is moved or cancelled: the other side reads it. */
export const interviewReasonField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Give a reason' : 'The reason must be text') })
  .trim()
  .min(REASON_MIN_LENGTH, 'Give a reason the other side can read')
  .max(REASON_MAX_LENGTH, `Keep the reason to ${REASON_MAX_LENGTH} characters or fewer`);

/** Staff offer times for an application's interview, held by one reviewer (the one offering, unless named). */
export const offerSlotsSchema = z.object({
  reviewerId: idField('Choose a reviewer from the list').optional(),
  slots: z
    .array(z.object({ startsAt: instantField, minutes: minutesField }), { error: typeError('array') })
    .min(1, 'Offer at least one time')
    .max(MAX_SLOTS_PER_OFFER, `Offer at most ${MAX_SLOTS_PER_OFFER} times at once`),
});
export type OfferSlotsInput = z.output<typeof offerSlotsSchema>;

/** The applicant moves their interview to another time offered to them. */
export const applicantRescheduleSchema = z.object({
  slotId: idField('Choose one of the times offered'),
  reason: interviewReasonField,
});

/** Staff move an interview to a new time (its length and reviewer unless changed). */
export const staffRescheduleSchema = z.object({
  startsAt: instantField,
  minutes: minutesField.optional(),
  reviewerId: idField('Choose a reviewer from the list').optional(),
  reason: interviewReasonField,
});

export const cancelInterviewSchema = z.object({ reason: interviewReasonField });

/** What staff record once an interview has started: held, or the applicant did not come. */
export const interviewOutcomeSchema = z.object({
  outcome: z.enum(INTERVIEW_OUTCOMES, { error: 'The outcome is held or no_show' }),
  notes: z
    .string({ error: typeError('string') })
    .trim()
    .max(OUTCOME_NOTES_MAX_LENGTH, `Keep the notes to ${OUTCOME_NOTES_MAX_LENGTH} characters or fewer`)
    .nullish()
    .transform((value) => value || null),
});

/** The kinds of application an interview may be required for (INTERVIEW_REQUIRED_FOR). */
export const INTERVIEW_KINDS = ['whitelist', 'staff', 'appeal'] as const satisfies readonly ApplicationKindName[];
/**
 * Staff applications need an interview held before an approval unless the owner says otherwise. There is no gang
 * application to interview for: gangs are bought as packages, and leadership's talk with a gang happens in game.
 */
export const DEFAULT_INTERVIEW_REQUIRED_FOR: readonly ApplicationKindName[] = ['staff'];

export const isInterviewKind = (value: string): value is ApplicationKindName =>
  (INTERVIEW_KINDS as readonly string[]).includes(value);

/** The reason given for a move or a cancellation, trimmed; refused (nothing changes) when missing or too long. */
export function checkReason(reason: unknown): string {
  const parsed = interviewReasonField.safeParse(reason);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'Give a reason';
  throw new InvalidInputError('INTERVIEW_REASON_INVALID', message, [{ path: 'reason', message }]);
}
