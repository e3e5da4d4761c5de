import type { AuditLog } from '../audit/ports.ts';
import { ListAuditEntries } from '../audit/list-audit-entries.ts';
import { noDeliveryEffects, type DeliveryEffects } from '../delivery/effects.ts';
import { DomainError } from '../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { ListMyStaffApplications } from '../staff-applications/list-my-staff-applications.ts';
import { ListStaffApplications } from '../staff-applications/list-staff-applications.ts';
import type { StaffApplicationRepository, StaffRoster } from '../staff-applications/ports.ts';
import { ReviewStaffApplication } from '../staff-applications/review-staff-application.ts';
import { ShowStaffApplication } from '../staff-applications/show-staff-application.ts';
import { SubmitStaffApplication } from '../staff-applications/submit-staff-application.ts';
import { ListApplications } from './list-applications.ts';
import { ListMyApplications } from './list-my-applications.ts';
import type { WhitelistAccess, WhitelistApplicationRepository } from './ports.ts';
import { ReviewApplication } from './review-application.ts';
import { ShowApplication } from './show-application.ts';
import { SubmitApplication } from './submit-application.ts';

/** What whitelist applications, staff applications and their audit log need from outside. */
export interface ApplicationPorts {
  whitelistApplications: WhitelistApplicationRepository;
  whitelistAccess: WhitelistAccess;
  staffApplications: StaffApplicationRepository;
  staffRoster: StaffRoster;
  auditLog: AuditLog;
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
  /** what Discord is told of new applications and decisions */
  effects?: DeliveryEffects;
}

export function createApplicationModules(ports: ApplicationPorts | undefined, shared: Shared) {
  const p = ports ?? unconfigured();
  const { clock, ids, transactions } = shared;
  const effects = shared.effects ?? noDeliveryEffects;
  return {
    applications: {
      submit: new SubmitApplication(p.whitelistApplications, ids, clock, transactions, effects),
      list: new ListApplications(p.whitelistApplications),
      show: new ShowApplication(p.whitelistApplications),
      mine: new ListMyApplications(p.whitelistApplications),
      review: new ReviewApplication(p.whitelistApplications, p.whitelistAccess, p.auditLog, transactions, ids, clock, effects),
    },
    staffApplications: {
      submit: new SubmitStaffApplication(p.staffApplications, ids, clock, transactions, effects),
      list: new ListStaffApplications(p.staffApplications, p.staffRoster),
      show: new ShowStaffApplication(p.staffApplications, p.staffRoster),
      mine: new ListMyStaffApplications(p.staffApplications),
      review: new ReviewStaffApplication(p.staffApplications, p.staffRoster, p.auditLog, transactions, ids, clock, effects),
    },
    audit: {
      list: new ListAuditEntries(p.auditLog),
    },
  };
}

/** Without storage every call fails clearly instead of pretending to work. */
function unconfigured(): ApplicationPorts {
  const fail = () => Promise.reject(new DomainError('APPLICATIONS_UNCONFIGURED', 'unavailable', 'Application storage is not configured.'));
  const port = new Proxy({}, { get: () => fail });
  return { whitelistApplications: port, whitelistAccess: port, staffApplications: port, staffRoster: port, auditLog: port } as ApplicationPorts;
}
