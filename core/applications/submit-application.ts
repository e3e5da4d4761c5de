import type { Clock, IdGenerator } from '../shared/ports.ts';
import { checkAnswers, type Applicant, type WhitelistApplication, type WhitelistApplicationAnswers } from './application.ts';
import type { WhitelistApplicationRepository } from './ports.ts';

/** Files a whitelist application under the signed-in applicant; one pending application at a time. */
export class SubmitApplication {
  constructor(
    private readonly applications: WhitelistApplicationRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { applicant: Applicant; answers: WhitelistApplicationAnswers }): Promise<WhitelistApplication> {
    const answers = checkAnswers(input.answers);
    const { applicant } = input;
    const application: WhitelistApplication = {
      ...answers,
      id: this.ids.next(),
      userId: applicant.id,
      discordId: applicant.discordId,
      discordUsername: applicant.discordUsername || applicant.username || applicant.discordId,
      status: 'pending',
      reviewNotes: null,
      reviewedBy: null,
      reviewerId: null,
      reviewedAt: null,
      createdAt: this.clock.now(),
    };
    await this.applications.add(application);
    return application;
  }
}
