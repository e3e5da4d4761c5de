import type { Applicant } from '../applications/application.ts';
import type { DeliveryEffects } from '../delivery/effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { checkStaffAnswers, type StaffApplication, type StaffApplicationAnswers } from './staff-application.ts';
import type { StaffApplicationRepository } from './ports.ts';

/** Files a staff application under the signed-in applicant; one open (pending or under review) at a time. */
export class SubmitStaffApplication {
  constructor(
    private readonly applications: StaffApplicationRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly effects: DeliveryEffects,
  ) {}

  async execute(input: { applicant: Applicant; answers: StaffApplicationAnswers }): Promise<StaffApplication> {
    const answers = checkStaffAnswers(input.answers);
    const { applicant } = input;
    const application: StaffApplication = {
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
      await this.applications.add(application);
      await this.effects.applicationSubmitted(application, 'staff');
    });
    return application;
  }
}
