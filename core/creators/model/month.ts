import { InvalidInputError } from '../../shared/errors.ts';

/** A calendar month in UTC: the purchases completed from `from` up to (not including) `to`. */
export interface Month {
  /** YYYY-MM */
  label: string;
  from: Date;
  to: Date;
}

/**
 * YYYY-MM in the years 2000 to 2999: JavaScript's dates read 0000 to 0099 as 1900 to 1999, and a month of 9999
 * ends past what the database's timestamps hold
 */
export const MONTH_PATTERN = /^(2\d{3})-(0[1-9]|1[0-2])$/;

function monthStarting(year: number, monthIndex: number): Month {
  const from = new Date(Date.UTC(year, monthIndex, 1));
  const to = new Date(Date.UTC(year, monthIndex + 1, 1));
  return { label: from.toISOString().slice(0, 7), from, to };
}

/** the month `at` falls in */
export const monthOf = (at: Date): Month => monthStarting(at.getUTCFullYear(), at.getUTCMonth());

/** the month before */
export const previousMonth = (month: Month): Month =>
  monthStarting(month.from.getUTCFullYear(), month.from.getUTCMonth() - 1);

/** YYYY-MM, or a clear refusal */
export function parseMonth(text: string): Month {
  const match = MONTH_PATTERN.exec(text.trim());
  if (!match)
    throw new InvalidInputError(
      'INVALID_MONTH',
      `'${text.slice(0, 20)}' is not a month from 2000-01 to 2999-12: write it as YYYY-MM (2026-11).`,
    );
  return monthStarting(Number(match[1]), Number(match[2]) - 1);
}
