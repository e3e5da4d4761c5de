import { appealKind } from '../../core/applications/model/kinds/appeal.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import type { ApplicationPorts } from '../../core/applications/module.ts';
import { DEFAULT_QUORUM, type QuorumSettings } from '../../core/applications/model/votes.ts';
import type { Database } from './database.ts';
import { MikroOrmApplicationRepository } from './mikro-orm-application-repository.ts';
import { MikroOrmStaffRoster } from './mikro-orm-staff-roster.ts';
import { MikroOrmWhitelistAccess } from './mikro-orm-whitelist-access.ts';
import { MikroOrmAuditLog } from './mikro-orm-audit-log.ts';
import { MikroOrmVoteRepository } from './mikro-orm-vote-repository.ts';
import { MikroOrmAnswerTemplateRepository } from './mikro-orm-answer-template-repository.ts';

/**
 * the applications module's ports on the database, each kind decided by its quorum; the audit log as its class, as the
 * players module reads it too
 */
export function mikroOrmApplicationPorts(
  database: Database,
  quorum: QuorumSettings = DEFAULT_QUORUM,
): ApplicationPorts & { auditLog: MikroOrmAuditLog } {
  return {
    whitelistApplications: new MikroOrmApplicationRepository(database, whitelistKind),
    whitelistAccess: new MikroOrmWhitelistAccess(database),
    staffApplications: new MikroOrmApplicationRepository(database, staffKind),
    staffRoster: new MikroOrmStaffRoster(database),
    appeals: new MikroOrmApplicationRepository(database, appealKind),
    auditLog: new MikroOrmAuditLog(database),
    votes: new MikroOrmVoteRepository(database),
    quorum,
    answerTemplates: new MikroOrmAnswerTemplateRepository(database),
  };
}
