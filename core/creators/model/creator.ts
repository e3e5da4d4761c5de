import { z } from 'zod';

/** A player who promotes the store: buyers name their code at checkout, and they are owed a share of those sales. */
export interface Creator {
  id: string;
  userId: string;
  /** as registered; codes match whatever their case */
  code: string;
  /** whole percent of the money taken that the creator is owed, 0 to 100 */
  sharePercent: number;
  createdAt: Date;
  /** a disabled code is refused at checkout; its past sales stay in the reports */
  disabledAt: Date | null;
}

export const CREATOR_CODE_MIN_LENGTH = 3;
export const CREATOR_CODE_MAX_LENGTH = 24;
const CREATOR_CODE_LENGTH = `A creator code has ${CREATOR_CODE_MIN_LENGTH} to ${CREATOR_CODE_MAX_LENGTH} characters.`;

/** 3 to 24 letters, digits, '-' or '_': what a creator says on stream and a buyer types. */
export const creatorCodeSchema = z
  .string({ error: 'Enter a creator code.' })
  .trim()
  .min(CREATOR_CODE_MIN_LENGTH, CREATOR_CODE_LENGTH)
  .max(CREATOR_CODE_MAX_LENGTH, CREATOR_CODE_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/, 'A creator code has only letters, digits, - and _.');

export const sharePercentSchema = z
  .number({ error: 'Give the share as a whole percent, 0 to 100.' })
  .int('The share is a whole percent.')
  .min(0, 'The share is 0 to 100 percent.')
  .max(100, 'The share is 0 to 100 percent.');

/** the form codes are compared in: one code whatever its case */
export const codeKey = (code: string) => code.trim().toLowerCase();

/** the share owed on money taken, rounded to the cent (half up) */
export const shareOf = (takenCents: number, sharePercent: number) => Math.round((takenCents * sharePercent) / 100);
