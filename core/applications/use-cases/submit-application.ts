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

export interface SubmitApplicationDeps<A, S extends string> {
  applications: ApplicationRepository<A, S>;
  ids: IdGenerator;
  clock: Clock;
  transactions: TransactionRunner;
  effects: ApplicationEffects;
  bans: Pick<BanLifter, 'current'>;
}

/**
 * Files an application under the signed-in applicant: one open application of a kind at a time, none once one
 * has been approved, and after a refused one only once the kind's waiting time has passed.
 */
export class SubmitApplication<A, S extends string> {
  constructor(private readonly deps: SubmitApplicationDeps<A, S>) {}

  async execute(input: { applicant: Applicant; answers: A }): Promise<Application<A, S>> {
    const kind = this.deps.applications.kind;
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
      id: this.deps.ids.next(),
      userId: applicant.id,
      discordId: applicant.discordId,
      discordUsername: applicant.discordUsername || applicant.username || applicant.discordId,
      status: kind.statuses[0] as S,
      reviewNotes: null,
      applicantMessage: null,
      reviewedBy: null,
      reviewerId: null,
      reviewedAt: null,
      createdAt: this.deps.clock.now(),
    } as Application<A, S>;
    // the staff channel's notice is recorded with the application, or neither is
    await this.deps.transactions.run(async () => {
      await this.refuseIfApproved(applicant.id);
      await this.refuseIfTooSoon(applicant.id, application.createdAt);
      await this.recordBan(application);
      await this.deps.applications.add(application);
      // again after the insert: an approval committed while the insert waited on the pending row it replaces is
      // visible only to a later statement, and failing here rolls the insert back
      await this.refuseIfApproved(applicant.id);
      await this.deps.effects.applicationSubmitted(kind, application);
    });
    return application;
  }

  /** an appeal of a ban the site lifts records that ban, read in the filing's transaction: approval lifts only it */
  private async recordBan(application: Application<A, S>): Promise<void> {
    const { kind } = this.deps.applications;
    const ban = kind.banClosed ? kind.approvalLiftsBan?.(application) : null;
    if (!ban) return;
    const current = await this.deps.bans.current({ ban, userId: application.userId });
    application.appealedBanAt = current?.at ?? null;
    application.appealedBanReason = current?.reason ?? null;
  }

  private async refuseIfApproved(userId: string): Promise<void> {
    if (this.deps.applications.kind.approvedMayApplyAgain) return;
    if (await this.deps.applications.hasStatus(userId, 'approved' as S))
      throw new AlreadyApprovedError(this.deps.applications.kind);
  }

  /** The latest application decides: refused, it names the day a new one is welcome. */
  private async refuseIfTooSoon(userId: string, now: Date): Promise<void> {
    const [latest] = await this.deps.applications.listByApplicant(userId);
    const from = latest ? reapplyAt(this.deps.applications.kind, latest) : null;
    if (from && from > now) throw new ReapplyTooSoonError(this.deps.applications.kind, from);
  }
}
