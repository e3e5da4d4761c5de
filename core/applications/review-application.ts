import type { AuditLog } from '../audit/ports.ts';
import { reviewerName, type ReviewContext } from '../audit/reviewer.ts';
import { ForbiddenError } from '../shared/errors.ts';
import type { DeliveryEffects } from '../delivery/effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { hasRole } from '../users/user.ts';
import { ApplicationNotPendingError, checkReviewNotes, type WhitelistApplication, type WhitelistDecision } from './application.ts';
import type { WhitelistAccess, WhitelistApplicationRepository } from './ports.ts';
import { ApplicationNotFoundError } from './show-application.ts';

export interface ReviewApplicationInput extends ReviewContext {
  id: string;
  decision: WhitelistDecision;
  notes?: string | null;
  /** the /review route and the terminal need notes of 10+ characters; the second review screen does not */
  notesRequired: boolean;
}

/**
 * Decides a pending whitelist application. Staff only; nobody decides their own.
 * The decision, the applicant's access and the audit row are written together or not at all.
 */
export class ReviewApplication {
  constructor(
    private readonly applications: WhitelistApplicationRepository,
    private readonly access: WhitelistAccess,
    private readonly audit: AuditLog,
    private readonly transactions: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly effects: DeliveryEffects,
  ) {}

  async execute(input: ReviewApplicationInput): Promise<WhitelistApplication> {
    const { reviewer } = input;
    if (!hasRole(reviewer, 'staff')) throw new ForbiddenError('ROLE_REQUIRED', 'Reviewing whitelist applications needs the staff role.');
    const notes = checkReviewNotes(input.notes, input.notesRequired);
    return this.transactions.run(async () => {
      const current = await this.applications.findById(input.id);
      if (!current) throw new ApplicationNotFoundError(input.id);
      if (current.userId === reviewer.id) throw new ForbiddenError('SELF_REVIEW', 'You cannot review your own application.');
      if (current.status !== 'pending') throw new ApplicationNotPendingError(current.status);
      const now = this.clock.now();
      const name = reviewerName(reviewer);
      const reviewed: WhitelistApplication = { ...current, status: input.decision, reviewNotes: notes, reviewedBy: name, reviewerId: reviewer.id, reviewedAt: now };
      if (!(await this.applications.saveReview(reviewed, 'pending'))) throw new ApplicationNotPendingError('decided');
      if (input.decision === 'approved') await this.access.grant(current.userId);
      await this.audit.record({
        id: this.ids.next(),
        kind: 'whitelist',
        applicationId: current.id,
        fromStatus: current.status,
        toStatus: input.decision,
        notes,
        reviewerId: reviewer.id,
        reviewerDiscordId: reviewer.discordId,
        reviewerName: name,
        channel: input.channel,
        createdAt: now,
      });
      await this.effects.whitelistReviewed(reviewed);
      return reviewed;
    });
  }
}
