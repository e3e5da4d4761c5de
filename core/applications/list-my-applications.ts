import type { WhitelistApplication } from './application.ts';
import type { WhitelistApplicationRepository } from './ports.ts';

/** The signed-in applicant's own applications, newest first. */
export class ListMyApplications {
  constructor(private readonly applications: WhitelistApplicationRepository) {}

  execute(input: { userId: string }): Promise<WhitelistApplication[]> {
    return this.applications.listByApplicant(input.userId);
  }
}
