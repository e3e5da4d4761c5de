import type { StaffApplication } from './staff-application.ts';
import type { StaffApplicationRepository } from './ports.ts';

/** The signed-in applicant's own staff applications, newest first. */
export class ListMyStaffApplications {
  constructor(private readonly applications: StaffApplicationRepository) {}

  execute(input: { userId: string }): Promise<StaffApplication[]> {
    return this.applications.listByApplicant(input.userId);
  }
}
