const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2026-11' → 'November 2026' */
export function monthName(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return `${MONTHS[(index ?? 1) - 1] ?? month} ${year}`;
}

/** the current month in UTC, YYYY-MM */
export const currentMonth = (now: Date = new Date()) => now.toISOString().slice(0, 7);
