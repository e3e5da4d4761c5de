import { reviewerName, type ReviewContext } from '../../audit/model/reviewer.ts';
import type { ApplicationEffects } from '../effects.ts';
import { ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { hasPermission, PERMISSION_LABELS } from '../../users/model/permissions.ts';
import { canMove, sameBan, type Application, type ApplicationView, type LiftableBan } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import {
  countVotes,
  type DecidingChoice,
  type KindQuorum,
  quorumOutcome,
  summaryOfVotes,
  type Vote,
  type VoteChoice,
  voteOf,
  type VoteSummary,
} from '../model/votes.ts';
import {
  AlreadyVotedError,
  ApplicationNotFoundError,
  ApplicationTransitionError,
  ApprovalBlockedError,
} from '../errors.ts';
import type {
  ApplicationRepository,
  AuditLog,
  BanLifter,
  InterviewGate,
  StaffRoster,
  VoteRepository,
  WhitelistAccess,
} from '../ports.ts';
import { checkApplicantMessage, checkReviewNotes } from '../model/review-notes.ts';

interface ReviewFields extends ReviewContext {
  id: string;
  notes?: string | null;
  /** where notes are trimmed: the /review route and the terminal need 10+ characters, the second screen does not */
  notesRequired?: boolean;
  /** what the applicant reads, should this review decide; trimmed, empty is none */
  applicantMessage?: string | null;
}

/** A move to a status, or an abstention: a vote that moves nothing. */
export type ReviewApplicationInput<S extends string> = ReviewFields &
  ({ status: S; abstain?: undefined } | { abstain: true; status?: undefined });

export interface ReviewApplicationDeps<A, S extends string> {
  applications: ApplicationRepository<A, S>;
  votes: VoteRepository;
  /** how many approvals (or denials) decide this kind, and who sees the votes before voting */
  quorum: KindQuorum;
  access: WhitelistAccess;
  roster: StaffRoster;
  audit: AuditLog;
  transactions: TransactionRunner;
  ids: IdGenerator;
  clock: Clock;
  effects: ApplicationEffects;
  bans: BanLifter;
  /** what may hold an approval back (an interview not held yet); absent: nothing does */
  interviews?: InterviewGate;
}

/**
 * A reviewer's review: a move along the kind's transitions (a staff application put under review), or a vote. An
 * approval or a refusal is a vote (decision 0106): it decides at once when the reviewer holds "decide alone", else
 * once the approvals (or the denials) reach the kind's quorum; an abstention never decides. The decision is this one
 * change, made once: the application, the applicant's access (an approval that whitelists), the audit row and the
 * applicant's message are written together or not at all, with the vote that took it. Only the kind's deciding
 * permission reviews; nobody reviews their own; a reviewer votes once. The application's row is held while the votes
 * are counted, so two votes reaching the quorum at once decide it once.
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
    const choice: VoteChoice | null = input.abstain ? 'abstain' : voteOf(kind, input.status as S);
    const reviewed = await this.deps.transactions.run(async () => {
      const current = await this.deps.applications.findForDecision(input.id);
      if (!current) throw new ApplicationNotFoundError(kind, input.id);
      if (current.userId === reviewer.id)
        throw new ForbiddenError('SELF_REVIEW', 'You cannot review your own application.');
      // an abstention moves nothing: it is refused where a move would be, once the application is decided
      const status = input.status ?? current.status;
      const refuse = (raced: boolean) => {
        const { code, message } = kind.texts.cannotMove(current.status, status, raced);
        return new ApplicationTransitionError(code, message);
      };
      if (input.abstain ? !kind.open.includes(current.status) : !canMove(kind, current.status, status))
        throw refuse(false);
      const now = this.deps.clock.now();
      const ballot = choice ? await this.cast(current, choice, notes, now, reviewer) : null;
      if (ballot && !ballot.decides) return { ...current, votes: ballot.summary(false) };
      if (status === 'approved') {
        const reason = await this.deps.interviews?.blocksDecision(kind.name, current.id);
        if (reason) throw new ApprovalBlockedError(reason);
      }
      if (kind.refusalNeedsMessage && status === kind.reapply.after && !applicantMessage) {
        const message = `Write the player a message saying why this ${kind.label} is ${status}.`;
        throw new InvalidInputError(`${kind.codePrefix}_MESSAGE_REQUIRED`, message, [
          { path: 'applicantMessage', message },
        ]);
      }
      const name = reviewerName(reviewer);
      const ban = status === 'approved' ? kind.approvalLiftsBan?.(current) : null;
      const outcome = ban ? await this.banOutcome(current, ban) : null;
      const next: Application<A, S> = {
        ...current,
        status: outcome?.closed ? outcome.status : status,
        reviewNotes: kind.notes === 'as-written' ? (notes ?? current.reviewNotes) : notes,
        applicantMessage: outcome?.closed ? outcome.message : applicantMessage,
        reviewedBy: name,
        reviewerId: reviewer.id,
        reviewedAt: now,
      };
      if (!(await this.deps.applications.saveReview(next, current.status))) throw refuse(true);
      if (kind.approvalWhitelists && status === 'approved') await this.deps.access.grant(current.userId);
      if (!(kind.open as readonly string[]).includes(next.status))
        await this.deps.interviews?.decided?.(kind.name, current.id, name);
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
      return ballot ? { ...next, votes: ballot.summary(true) } : next;
    });
    const [view] = await withCurrentStaff(kind, this.deps.roster, [reviewed]);
    return view;
  }

  /**
   * Records the reviewer's vote, and answers what it decides: its own choice when the reviewer decides alone, or when
   * it brings its choice to the quorum; nothing otherwise (an abstention, or a vote short of the quorum). A vote only
   * ever decides its own way, even where a quorum lowered since would let the earlier votes decide.
   */
  private async cast(
    application: Application<A, S>,
    choice: VoteChoice,
    note: string | null,
    now: Date,
    reviewer: ReviewContext['reviewer'],
  ): Promise<{ decides: DecidingChoice | null; summary: (decided: boolean) => VoteSummary }> {
    const kind = this.deps.applications.kind;
    const earlier = await this.deps.votes.listFor(kind.name, [application.id]);
    if (earlier.some((vote) => vote.reviewerId === reviewer.id)) throw new AlreadyVotedError(kind);
    const vote: Vote = {
      id: this.deps.ids.next(),
      kind: kind.name,
      applicationId: application.id,
      reviewerId: reviewer.id,
      reviewerName: reviewerName(reviewer),
      choice,
      note,
      createdAt: now,
    };
    await this.deps.votes.add(vote, kind);
    const votes = [...earlier, vote];
    const decides =
      choice === 'abstain'
        ? null
        : hasPermission(reviewer, 'decide-alone') ||
            quorumOutcome(countVotes(votes), this.deps.quorum.approvals) === choice
          ? choice
          : null;
    return {
      decides,
      summary: (decided) =>
        summaryOfVotes(votes, { quorum: this.deps.quorum, reader: reviewer, decided, withVotes: true }),
    };
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
