import type { DeliveryEffects } from '../delivery/effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { AlreadyWhitelistedError, checkAnswers, type Applicant, type WhitelistApplication, type WhitelistApplicationAnswers } from './application.ts';
import type { WhitelistApplicationRepository } from './ports.ts';

/**
 * Files a whitelist application under the signed-in applicant: one pending application at a time, and none
 * once an application has been approved (a rejected applicant may try again).
 */
export class SubmitApplication {
  constructor(
    private readonly applications: WhitelistApplicationRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly effects: DeliveryEffects,
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
    // the staff channel's notice is recorded with the application, or neither is
    await this.transactions.run(async () => {
      await this.refuseIfWhitelisted(applicant.id);
      await this.applications.add(application);
      // again after the insert: an approval committed while the insert waited on the pending row it replaces is
      // visible only to a later statement, and failing here rolls the insert back
      await this.refuseIfWhitelisted(applicant.id);
      await this.effects.applicationSubmitted(application, 'whitelist');
    });
    return application;
  }

  private async refuseIfWhitelisted(userId: string): Promise<void> {
    if (await this.applications.hasApproved(userId)) throw new AlreadyWhitelistedError();
  }
}
