import { reviewerName, type ReviewContext } from '../../audit/model/reviewer.ts';
import type { ApplicationEffects } from '../effects.ts';
import { ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { hasPermission, PERMISSION_LABELS } from '../../users/model/permissions.ts';
import { canMove, sameBan, type Application, type ApplicationView, type LiftableBan } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import { ApplicationNotFoundError, ApplicationTransitionError } from '../errors.ts';
import type { ApplicationRepository, AuditLog, BanLifter, StaffRoster, WhitelistAccess } from '../ports.ts';
import { checkApplicantMessage, checkReviewNotes } from '../model/review-notes.ts';

export interface ReviewApplicationInput<S extends string> extends ReviewContext {
  id: string;
  status: S;
  notes?: string | null;
  /** where notes are trimmed: the /review route and the terminal need 10+ characters, the second screen does not */
  notesRequired?: boolean;
  /** what the applicant reads; trimmed, empty is none */
  applicantMessage?: string | null;
}

export interface ReviewApplicationDeps<A, S extends string> {
  applications: ApplicationRepository<A, S>;
  access: WhitelistAccess;
  roster: StaffRoster;
  audit: AuditLog;
  transactions: TransactionRunner;
  ids: IdGenerator;
  clock: Clock;
  effects: ApplicationEffects;
  bans: BanLifter;
}

/**
 * Moves an application along its kind's transitions. Only the kind's deciding role; nobody reviews their own.
 * The change, the applicant's access (an approval that whitelists) and the audit row are written together or
 * not at all.
 */
export class ReviewApplication<A, S extends string> {
  constructor(private readonly deps: ReviewApplicationDeps<A, S>) {}

  async execute(input: ReviewApplicationInput<S>): Promise<ApplicationView<A, S>> {
    const kind = this.deps.applications.kind;
    const { reviewer } = input;
    if (!hasPermission(reviewer, kind.decider))
      throw new ForbiddenError(
        'PERMISSION_REQUIRED',
        `Reviewing ${kind.label}s needs the "${PERMISSION_LABELS[kind.decider]}" permission.`,
      );
    // staff review notes are optional and stored as written (docs/product.md#applications-and-reviews)
    const notes =
      kind.notes === 'trimmed' ? checkReviewNotes(input.notes, input.notesRequired ?? false) : input.notes || null;
    // each review says its own: a later review without a message leaves none, never an earlier, stale one
    const applicantMessage = checkApplicantMessage(input.applicantMessage);
    if (kind.refusalNeedsMessage && input.status === kind.reapply.after && !applicantMessage) {
      const message = `Write the player a message saying why this ${kind.label} is ${input.status}.`;
      throw new InvalidInputError(`${kind.codePrefix}_MESSAGE_REQUIRED`, message, [
        { path: 'applicantMessage', message },
      ]);
    }
    const reviewed = await this.deps.transactions.run(async () => {
      const current = await this.deps.applications.findById(input.id);
      if (!current) throw new ApplicationNotFoundError(kind, input.id);
      if (current.userId === reviewer.id)
        throw new ForbiddenError('SELF_REVIEW', 'You cannot review your own application.');
      const refuse = (raced: boolean) => {
        const { code, message } = kind.texts.cannotMove(current.status, input.status, raced);
        return new ApplicationTransitionError(code, message);
      };
      if (!canMove(kind, current.status, input.status)) throw refuse(false);
      const now = this.deps.clock.now();
      const name = reviewerName(reviewer);
      const ban = input.status === 'approved' ? kind.approvalLiftsBan?.(current) : null;
      const outcome = ban ? await this.banOutcome(current, ban) : null;
      const next: Application<A, S> = {
        ...current,
        status: outcome?.closed ? outcome.status : input.status,
        reviewNotes: kind.notes === 'as-written' ? (notes ?? current.reviewNotes) : notes,
        applicantMessage: outcome?.closed ? outcome.message : applicantMessage,
        reviewedBy: name,
        reviewerId: reviewer.id,
        reviewedAt: now,
      };
      if (!(await this.deps.applications.saveReview(next, current.status))) throw refuse(true);
      if (kind.approvalWhitelists && input.status === 'approved') await this.deps.access.grant(current.userId);
      if (ban && !outcome?.closed)
        await this.deps.bans.lift({
          ban,
          userId: current.userId,
          reviewer,
          channel: input.channel,
          applicationId: current.id,
        });
      await this.deps.audit.record({
        id: this.deps.ids.next(),
        kind: kind.name,
        applicationId: current.id,
        fromStatus: current.status,
        toStatus: next.status,
        notes,
        reviewerId: reviewer.id,
        reviewerDiscordId: reviewer.discordId,
        reviewerName: name,
        channel: input.channel,
        createdAt: now,
      });
      await this.deps.effects.applicationReviewed(kind, next);
      return next;
    });
    const [view] = await withCurrentStaff(kind, this.deps.roster, [reviewed]);
    return view;
  }

  /**
   * An approval lifts only the ban the appeal was filed against: when that ban is gone or another stands in its
   * place, the appeal is closed instead (decision 0072) and nothing is lifted.
   */
  private async banOutcome(
    appeal: Application<A, S>,
    ban: LiftableBan,
  ): Promise<{ closed: false } | { closed: true; status: S; message: string | null }> {
    const kind = this.deps.applications.kind;
    if (!kind.banClosed) return { closed: false };
    const now = await this.deps.bans.current({ ban, userId: appeal.userId });
    const filed = appeal.appealedBanAt ? { at: appeal.appealedBanAt, reason: appeal.appealedBanReason ?? '' } : null;
    if (sameBan(filed, now)) return { closed: false };
    const message = kind.texts.banChanged?.(now ? 'replaced' : 'lifted', now) ?? null;
    return { closed: true, status: kind.banClosed as S, message };
  }
}
