/** The browser's own time zone as IANA names it ('America/Chicago'): every time here is shown in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** how an instant is written: the day, the time, and the zone's short name, in the reader's language */
export const INTERVIEW_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

const timeFormat = new Intl.DateTimeFormat(undefined, INTERVIEW_TIME_OPTIONS);

/** 'Thu, Dec 3, 2026, 12:00 PM CST': an instant the API sends in UTC, in the reader's zone with its name */
export const interviewTime = (iso: string) => timeFormat.format(new Date(iso));

/** A datetime-local input's value (the reader's wall clock) as the UTC instant the API takes. */
export const utcFromLocalInput = (value: string) => new Date(value).toISOString();

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input's value, in the reader's zone. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const INTERVIEW_STATUS_WORDS: Record<string, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  held: 'Held',
  no_show: 'No-show',
};

/** 'staff application' -> 'Staff application' */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
