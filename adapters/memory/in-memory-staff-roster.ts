import type { StaffRoster } from '../../core/applications/ports.ts';

/** A fixed set of staff user ids. */
export class InMemoryStaffRoster implements StaffRoster {
  constructor(readonly staff = new Set<string>()) {}

  async staffUserIds(userIds: string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => this.staff.has(id)));
  }
}
