import type { Application } from '../model/application.ts';
import type { ApplicationRepository } from '../ports.ts';

/** The signed-in applicant's own applications, newest first. */
export class ListMyApplications<A, S extends string> {
  constructor(private readonly applications: ApplicationRepository<A, S>) {}

  execute(input: { userId: string }): Promise<Application<A, S>[]> {
    return this.applications.listByApplicant(input.userId);
  }
}
