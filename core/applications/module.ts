import { CloseAppeals } from './use-cases/close-appeals.ts';
import { ListAuditEntries } from './use-cases/list-audit-entries.ts';
import type { ApplicationEffects } from './effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { AppealAnswers, AppealStatus } from './model/kinds/appeal.ts';
import type { StaffAnswers, StaffStatus } from './model/kinds/staff.ts';
import type { WhitelistAnswers, WhitelistStatus } from './model/kinds/whitelist.ts';
import { ListApplications } from './use-cases/list-applications.ts';
import { ListMyApplications } from './use-cases/list-my-applications.ts';
import type { ApplicationRepository, AuditLog, BanLifter, StaffRoster, WhitelistAccess } from './ports.ts';
import { ReviewApplication } from './use-cases/review-application.ts';
import { ShowApplication } from './use-cases/show-application.ts';
import { SubmitApplication } from './use-cases/submit-application.ts';

/** What whitelist applications, staff applications, ban appeals and their audit log need from outside. */
export interface ApplicationPorts {
  whitelistApplications: ApplicationRepository<WhitelistAnswers, WhitelistStatus>;
  whitelistAccess: WhitelistAccess;
  staffApplications: ApplicationRepository<StaffAnswers, StaffStatus>;
  staffRoster: StaffRoster;
  appeals: ApplicationRepository<AppealAnswers, AppealStatus>;
  auditLog: AuditLog;
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
  /** what Discord is told of new applications and decisions */
  effects: ApplicationEffects;
  /** an appeal records the ban it is filed against, and its approval lifts that ban, through it */
  bans: BanLifter;
}

/** What the system does with applications of one kind. */
export interface ApplicationUseCases<A, S extends string> {
  submit: SubmitApplication<A, S>;
  list: ListApplications<A, S>;
  show: ShowApplication<A, S>;
  mine: ListMyApplications<A, S>;
  review: ReviewApplication<A, S>;
}

/** The use cases of one kind, over its repository. */
function kindUseCases<A, S extends string>(
  applications: ApplicationRepository<A, S>,
  p: ApplicationPorts,
  shared: Shared,
): ApplicationUseCases<A, S> {
  const { clock, ids, transactions, effects } = shared;
  return {
    submit: new SubmitApplication({ applications, ids, clock, transactions, effects, bans: shared.bans }),
    list: new ListApplications(applications, p.staffRoster),
    show: new ShowApplication(applications, p.staffRoster),
    mine: new ListMyApplications(applications),
    review: new ReviewApplication({
      applications,
      access: p.whitelistAccess,
      roster: p.staffRoster,
      audit: p.auditLog,
      transactions,
      ids,
      clock,
      effects,
      bans: shared.bans,
    }),
  };
}

export function createApplicationModules(p: ApplicationPorts, shared: Shared) {
  return {
    applications: kindUseCases(p.whitelistApplications, p, shared),
    staffApplications: kindUseCases(p.staffApplications, p, shared),
    appeals: {
      ...kindUseCases(p.appeals, p, shared),
      /** pending appeals of a ban that is lifted or replaced are closed */
      close: new CloseAppeals(p.appeals, shared.effects, shared.clock),
    },
    audit: {
      list: new ListAuditEntries(p.auditLog),
    },
  };
}
