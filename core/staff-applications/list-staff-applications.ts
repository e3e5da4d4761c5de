import type { ListQuery, Page } from '../applications/ports.ts';
import { normalisePaging } from '../applications/list-applications.ts';
import type { StaffApplicationView, StaffPosition, StaffStatus } from './staff-application.ts';

export interface StaffApplicationPage extends Page<StaffApplicationView, StaffStatus> {
  /** every application counted by position, whatever the filter */
  positions: Record<StaffPosition, number>;
}
import type { StaffApplicationRepository, StaffRoster } from './ports.ts';
import { withCurrentStaff } from './views.ts';

export class ListStaffApplications {
  constructor(
    private readonly applications: StaffApplicationRepository,
    private readonly roster: StaffRoster,
  ) {}

  async execute(query: Partial<ListQuery<StaffStatus>> = {}): Promise<StaffApplicationPage> {
    const page = await this.applications.list(normalisePaging(query));
    const positions = await this.applications.countByPosition();
    return { ...page, items: await withCurrentStaff(this.roster, page.items), positions };
  }
}
