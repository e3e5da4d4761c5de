import { randomUUID } from 'node:crypto';
import { createCore } from '../../core/index.ts';
import { InMemoryAuditLog } from '../../adapters/memory/in-memory-audit-log.ts';
import { InMemoryApplicationRepository, InMemoryStaffRoster, InMemoryWhitelistAccess } from '../../adapters/memory/in-memory-application-repository.ts';
import { staffKind } from '../../core/applications/kinds/staff.ts';
import { whitelistKind } from '../../core/applications/kinds/whitelist.ts';

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
      whitelistApplications: new InMemoryApplicationRepository(whitelistKind),
      whitelistAccess,
      staffApplications: new InMemoryApplicationRepository(staffKind),
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
