import type { ApplicationEffects } from '../effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { reapplyAt, type Applicant, type Application } from '../model/application.ts';
import {
  AlreadyApprovedError,
  InvalidApplicationError,
  ReapplyTooSoonError,
  RefusedApplicationError,
} from '../errors.ts';
import type { ApplicationRepository, BanLifter } from '../ports.ts';

/**
 * Files an application under the signed-in applicant: one open application of a kind at a time, none once one
 * has been approved, and after a refused one only once the kind's waiting time has passed.
 */
export class SubmitApplication<A, S extends string> {
  constructor(
    private readonly applications: ApplicationRepository<A, S>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly effects: ApplicationEffects,
    private readonly bans: Pick<BanLifter, 'current'>,
  ) {}

  async execute(input: { applicant: Applicant; answers: A }): Promise<Application<A, S>> {
    const kind = this.applications.kind;
    const parsed = kind.answers.safeParse(input.answers);
    if (!parsed.success)
      throw new InvalidApplicationError(
        kind,
        parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      );
    const { applicant } = input;
    const refusal = kind.refusal?.(parsed.data as A, applicant);
    if (refusal) throw new RefusedApplicationError(refusal);
    const application = {
      ...(parsed.data as A),
      id: this.ids.next(),
      userId: applicant.id,
      discordId: applicant.discordId,
      discordUsername: applicant.discordUsername || applicant.username || applicant.discordId,
      status: kind.statuses[0] as S,
      reviewNotes: null,
      applicantMessage: null,
      reviewedBy: null,
      reviewerId: null,
      reviewedAt: null,
      createdAt: this.clock.now(),
    } as Application<A, S>;
    // the staff channel's notice is recorded with the application, or neither is
    await this.transactions.run(async () => {
      await this.refuseIfApproved(applicant.id);
      await this.refuseIfTooSoon(applicant.id, application.createdAt);
      await this.recordBan(application);
      await this.applications.add(application);
      // again after the insert: an approval committed while the insert waited on the pending row it replaces is
      // visible only to a later statement, and failing here rolls the insert back
      await this.refuseIfApproved(applicant.id);
      await this.effects.applicationSubmitted(kind, application);
    });
    return application;
  }

  /** an appeal of a ban the site lifts records that ban, read in the filing's transaction: approval lifts only it */
  private async recordBan(application: Application<A, S>): Promise<void> {
    const { kind } = this.applications;
    const ban = kind.banClosed ? kind.approvalLiftsBan?.(application) : null;
    if (!ban) return;
    const current = await this.bans.current({ ban, userId: application.userId });
    application.appealedBanAt = current?.at ?? null;
    application.appealedBanReason = current?.reason ?? null;
  }

  private async refuseIfApproved(userId: string): Promise<void> {
    if (this.applications.kind.approvedMayApplyAgain) return;
    if (await this.applications.hasStatus(userId, 'approved' as S))
      throw new AlreadyApprovedError(this.applications.kind);
  }

  /** The latest application decides: refused, it names the day a new one is welcome. */
  private async refuseIfTooSoon(userId: string, now: Date): Promise<void> {
    const [latest] = await this.applications.listByApplicant(userId);
    const from = latest ? reapplyAt(this.applications.kind, latest) : null;
    if (from && from > now) throw new ReapplyTooSoonError(this.applications.kind, from);
  }
}
