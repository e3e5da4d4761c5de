import type { Application, ApplicationKind, ApplicationView } from './application.ts';
import type { StaffRoster } from '../ports.ts';

/** Adds `currentStaff` for kinds whose review views show it. */
export async function withCurrentStaff<A, S extends string>(
  kind: ApplicationKind,
  roster: StaffRoster,
  applications: Application<A, S>[],
): Promise<ApplicationView<A, S>[]> {
  if (!kind.showsCurrentStaff || applications.length === 0) return applications;
  const staff = await roster.staffUserIds([...new Set(applications.map((a) => a.userId))]);
  return applications.map((application) => ({ ...application, currentStaff: staff.has(application.userId) }));
}
