import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { day, dayAndTime } from './dates.ts';

describe('the date patterns', () => {
  it("write what date-fns's 'MMM dd, yyyy' and 'MMM dd, yyyy HH:mm' write, in every month and at any hour", () => {
    for (let month = 0; month < 12; month += 1) {
      for (const [date, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 23, 59],
      ] as const) {
        const iso = new Date(2026, month, date, hour, minute).toISOString();
        expect(day(iso)).toBe(format(new Date(iso), 'MMM dd, yyyy'));
        expect(dayAndTime(iso)).toBe(format(new Date(iso), 'MMM dd, yyyy HH:mm'));
      }
    }
    expect(day('2026-03-05T12:00:00.000Z')).toMatch(/^Mar 0[45], 2026$/);
  });
});
