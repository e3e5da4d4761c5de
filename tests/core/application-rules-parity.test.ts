import { describe, expect, it } from 'vitest';
import { HOURS_PER_WEEK_OPTIONS, WHITELIST_TIMEZONES as CONTRACT_WHITELIST_TIMEZONES } from '../../adapters/http/contract/applications.ts';
import { STAFF_POSITIONS as CONTRACT_POSITIONS, STAFF_STATUSES as CONTRACT_STAFF_STATUSES, STAFF_TIMEZONES as CONTRACT_STAFF_TIMEZONES } from '../../adapters/http/contract/staff-applications.ts';
import { HOURS_PER_WEEK_CHOICES, WHITELIST_TIMEZONES } from '../../core/applications/application.ts';
import { STAFF_POSITIONS, STAFF_STATUSES, STAFF_TIMEZONES } from '../../core/staff-applications/staff-application.ts';

// The browser form checks with the contract and the core checks again; the two lists must never drift apart.
describe('the form contract and the core hold the same SPEC lists', () => {
  it('whitelist timezones and hours per week (SPEC section 9)', () => {
    expect([...CONTRACT_WHITELIST_TIMEZONES]).toEqual([...WHITELIST_TIMEZONES]);
    expect(HOURS_PER_WEEK_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      [5, '5-10 hours'],
      [15, '10-20 hours'],
      [25, '20-30 hours'],
      [35, '30+ hours'],
    ]);
    expect(HOURS_PER_WEEK_OPTIONS.map((o) => o.value)).toEqual([...HOURS_PER_WEEK_CHOICES]);
  });

  it('staff timezones with their labels, positions and statuses', () => {
    expect(CONTRACT_STAFF_TIMEZONES.map((z) => z.value)).toEqual(STAFF_TIMEZONES.map(([id]) => id));
    expect(CONTRACT_STAFF_TIMEZONES.map((z) => z.label)).toEqual(STAFF_TIMEZONES.map(([id, name]) => `${id} (${name})`));
    expect([...CONTRACT_POSITIONS]).toEqual([...STAFF_POSITIONS]);
    expect([...CONTRACT_STAFF_STATUSES]).toEqual([...STAFF_STATUSES]);
  });
});
