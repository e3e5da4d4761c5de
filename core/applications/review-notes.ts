import { z } from 'zod';
import { InvalidInputError } from '../shared/errors.ts';
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
/** Kept exactly as written (staff reviews). */
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
