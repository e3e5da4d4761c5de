import type { StaffApplication, StaffApplicationView } from './staff-application.ts';
import type { StaffRoster } from './ports.ts';

export async function withCurrentStaff(roster: StaffRoster, applications: StaffApplication[]): Promise<StaffApplicationView[]> {
  if (applications.length === 0) return [];
  const staff = await roster.staffUserIds([...new Set(applications.map((a) => a.userId))]);
  return applications.map((application) => ({ ...application, currentStaff: staff.has(application.userId) }));
}
