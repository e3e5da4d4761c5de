/**
 * One event as an iCalendar file (RFC 5545), written by hand: a few fixed properties need no library. Lines end in
 * CRLF and are folded at 75 octets (never inside a character); text values escape backslashes, semicolons, commas
 * and line breaks; times are UTC (`Z`).
 */
export interface CalendarEvent {
  /** the same on every download of the same interview, so a calendar replaces its copy */
  uid: string;
  /** goes up with each change of time */
  sequence: number;
  /** when the file was made */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** where to see it */
  url?: string;
  status: 'CONFIRMED' | 'CANCELLED';
  /** minutes before the start a calendar reminds its owner (none: no alarm) */
  alarmMinutes?: number;
}

/** 20261203T180000Z */
export const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const MAX_OCTETS = 75;

/** A content line folded every 75 octets: the rest goes on lines starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // a continuation line's leading space counts towards its 75
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

export function icsCalendar(event: CalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    ...(event.alarmMinutes && event.status === 'CONFIRMED'
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `TRIGGER:-PT${event.alarmMinutes}M`,
          `DESCRIPTION:${icsText(event.summary)}`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
