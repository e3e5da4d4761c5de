import { randomUUID } from 'node:crypto';
import { createCore } from '../../core/index.ts';
import { InMemoryAuditLog } from '../../adapters/memory/in-memory-audit-log.ts';
import { InMemoryStaffApplicationRepository, InMemoryStaffRoster } from '../../adapters/memory/in-memory-staff-application-repository.ts';
import { InMemoryWhitelistAccess, InMemoryWhitelistApplicationRepository } from '../../adapters/memory/in-memory-whitelist-application-repository.ts';

/** The core on in-memory adapters, with a clock a test moves by hand. */
export function coreFixture() {
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const whitelistAccess = new InMemoryWhitelistAccess();
  const staffRoster = new InMemoryStaffRoster();
  const auditLog = new InMemoryAuditLog();
  const core = createCore({
    clock,
    ids: { next: randomUUID },
    applications: {
      whitelistApplications: new InMemoryWhitelistApplicationRepository(),
      whitelistAccess,
      staffApplications: new InMemoryStaffApplicationRepository(),
      staffRoster,
      auditLog,
    },
  });
  return {
    core,
    whitelistAccess,
    staffRoster,
    auditLog,
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}
