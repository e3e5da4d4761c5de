import type { AuditLog } from '../audit/ports.ts';
import { reviewerName, type ReviewContext } from '../audit/reviewer.ts';
import { ForbiddenError } from '../shared/errors.ts';
import type { DeliveryEffects } from '../delivery/effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { hasRole } from '../users/user.ts';
import { canMove, StaffTransitionError, type StaffApplicationView, type StaffReviewStatus } from './staff-application.ts';
import type { StaffApplicationRepository, StaffRoster } from './ports.ts';
import { StaffApplicationNotFoundError } from './show-staff-application.ts';
import { withCurrentStaff } from './views.ts';

export interface ReviewStaffApplicationInput extends ReviewContext {
  id: string;
  status: StaffReviewStatus;
  notes?: string | null;
}

/**
 * Moves a staff application along pending -> under_review -> approved | denied. Admins only; nobody reviews
 * their own. The change and its audit row are written together or not at all.
 */
export class ReviewStaffApplication {
  constructor(
    private readonly applications: StaffApplicationRepository,
    private readonly roster: StaffRoster,
    private readonly audit: AuditLog,
    private readonly transactions: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly effects: DeliveryEffects,
  ) {}

  async execute(input: ReviewStaffApplicationInput): Promise<StaffApplicationView> {
    const { reviewer } = input;
    if (!hasRole(reviewer, 'admin')) throw new ForbiddenError('ROLE_REQUIRED', 'Reviewing staff applications needs the admin role.');
    // staff review notes are optional and kept as written (SPEC section 5)
    const notes = input.notes ? input.notes : null;
    const reviewed = await this.transactions.run(async () => {
      const current = await this.applications.findById(input.id);
      if (!current) throw new StaffApplicationNotFoundError(input.id);
      if (current.userId === reviewer.id) throw new ForbiddenError('SELF_REVIEW', 'You cannot review your own application.');
      if (!canMove(current.status, input.status)) throw new StaffTransitionError(current.status, input.status);
      const now = this.clock.now();
      const name = reviewerName(reviewer);
      const next = { ...current, status: input.status, reviewNotes: notes ?? current.reviewNotes, reviewedBy: name, reviewerId: reviewer.id, reviewedAt: now };
      if (!(await this.applications.saveReview(next, current.status))) throw new StaffTransitionError(current.status, input.status);
      await this.audit.record({
        id: this.ids.next(),
        kind: 'staff',
        applicationId: current.id,
        fromStatus: current.status,
        toStatus: input.status,
        notes,
        reviewerId: reviewer.id,
        reviewerDiscordId: reviewer.discordId,
        reviewerName: name,
        channel: input.channel,
        createdAt: now,
      });
      await this.effects.staffReviewed(next);
      return next;
    });
    const [view] = await withCurrentStaff(this.roster, [reviewed]);
    return view;
  }
}
