import type { StaffRoster } from '../../core/applications/ports.ts';
import type { Database } from './database.ts';

/** An applicant is current staff when their users row holds the staff or admin role. */
export class MikroOrmStaffRoster implements StaffRoster {
  constructor(private readonly database: Database) {}

  async staffUserIds(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.database.em.execute<{ id: string }[]>(
      `select "id" from "users" where "id" in (${userIds.map(() => '?').join(', ')}) and "role" in ('staff', 'admin')`,
      userIds,
    );
    return new Set(rows.map((row) => row.id));
  }
}
