import type { ApplicationPorts } from '../../core/applications/module.ts';
import type { Database } from './database.ts';
import { MikroOrmAuditLog } from './mikro-orm-audit-log.ts';
import { MikroOrmStaffApplicationRepository, MikroOrmStaffRoster } from './mikro-orm-staff-application-repository.ts';
import { MikroOrmWhitelistAccess, MikroOrmWhitelistApplicationRepository } from './mikro-orm-whitelist-application-repository.ts';

export function mikroOrmApplicationPorts(database: Database): ApplicationPorts {
  return {
    whitelistApplications: new MikroOrmWhitelistApplicationRepository(database),
    whitelistAccess: new MikroOrmWhitelistAccess(database),
    staffApplications: new MikroOrmStaffApplicationRepository(database),
    staffRoster: new MikroOrmStaffRoster(database),
    auditLog: new MikroOrmAuditLog(database),
  };
}
