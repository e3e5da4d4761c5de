import { composeInMemory } from '../support/compose-in-memory.ts';

/** The core on in-memory adapters, with a clock a test moves by hand. */
export function coreFixture() {
  let now = new Date('2026-11-22T12:00:00Z');
  // decisions here wait for no interview: tests/core/interviews.test.ts holds them to one
  const memory = composeInMemory({ clock: { now: () => new Date(now) }, interviewsRequiredFor: [] });
  const { whitelistAccess, staffRoster, auditLog } = memory.stores;
  return {
    core: memory.core,
    whitelistAccess,
    staffRoster,
    auditLog,
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}
