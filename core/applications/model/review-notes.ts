import { z } from 'zod';
import { InvalidInputError } from '../../shared/errors.ts';
import { optionalText, typeError } from './answer-fields.ts';

export const REVIEW_NOTES_MIN_LENGTH = 10;
export const REVIEW_NOTES_TOO_SHORT = `Review notes must be at least ${REVIEW_NOTES_MIN_LENGTH} characters`;

/** Where a decision needs a reason: trimmed, at least 10 characters. */
export const requiredReviewNotes = z
  .string({ error: typeError('string') })
  .trim()
  .min(REVIEW_NOTES_MIN_LENGTH, REVIEW_NOTES_TOO_SHORT);
/** Where a reason is optional: trimmed, empty is none. */
export const optionalReviewNotes = optionalText();
/** Stored exactly as written (staff reviews). */
export const reviewNotesAsWritten = z
  .string({ error: typeError('string') })
  .max(5000, 'At most 5000 characters')
  .nullish();

/** Review notes, trimmed; null when empty. Required notes must hold at least 10 characters. */
export function checkReviewNotes(notes: string | null | undefined, required: boolean): string | null {
  const trimmed = notes?.trim() ?? '';
  if (required && !requiredReviewNotes.safeParse(trimmed).success) {
    throw new InvalidInputError('REVIEW_NOTES_TOO_SHORT', REVIEW_NOTES_TOO_SHORT, [
      { path: 'reviewNotes', message: REVIEW_NOTES_TOO_SHORT },
    ]);
  }
  return trimmed || null;
}

export const APPLICANT_MESSAGE_MAX_LENGTH = 1000;
export const APPLICANT_MESSAGE_TOO_LONG = `The message to the applicant can be at most ${APPLICANT_MESSAGE_MAX_LENGTH} characters`;

/** The message the applicant reads: optional, trimmed, empty is none. */
export const applicantMessageField = z
  .string({ error: 'The message to the applicant must be text' })
  .trim()
  .max(APPLICANT_MESSAGE_MAX_LENGTH, APPLICANT_MESSAGE_TOO_LONG)
  .nullish()
  .transform((value) => value || null);

/** The message to the applicant, trimmed; null when empty. */
export function checkApplicantMessage(message: string | null | undefined): string | null {
  const parsed = applicantMessageField.safeParse(message);
  if (!parsed.success) {
    const text = parsed.error.issues[0]?.message ?? APPLICANT_MESSAGE_TOO_LONG;
    throw new InvalidInputError('APPLICANT_MESSAGE_INVALID', text, [{ path: 'applicantMessage', message: text }]);
  }
  return parsed.data;
}
