import type { Clock } from '../../shared/ports.ts';
import type { Application, BanChange, BanRecord, LiftableBan } from '../model/application.ts';
import type { ApplicationEffects } from '../effects.ts';
import type { ApplicationRepository } from '../ports.ts';

/**
 * Closes an applicant's pending appeals of a ban that is lifted or replaced, each with a message they read (and are
 * sent): an appeal answers for the one ban it was filed against, never for the next. Runs in the caller's
 * transaction, before the ban itself changes, so appeal rows are locked before the user's as approval locks them.
 */
export class CloseAppeals<A, S extends string> {
  constructor(
    private readonly appeals: ApplicationRepository<A, S>,
    private readonly effects: ApplicationEffects,
    private readonly clock: Clock,
  ) {}

  /** `by`: who changed the ban, recorded as the appeal's reviewer; `current`: the ban in place of it; answers those closed */
  async execute(input: {
    userId: string;
    ban: LiftableBan;
    change: BanChange;
    current?: BanRecord | null;
    by: { id: string | null; name: string };
  }): Promise<Application<A, S>[]> {
    const kind = this.appeals.kind;
    const status = kind.banClosed as S | undefined;
    if (!status) return [];
    const open = (await this.appeals.listByApplicant(input.userId)).filter(
      (appeal) => kind.open.includes(appeal.status) && kind.approvalLiftsBan?.(appeal) === input.ban,
    );
    if (open.length === 0) return [];
    const closed: Application<A, S>[] = [];
    for (const appeal of open) {
      const next: Application<A, S> = {
        ...appeal,
        status,
        applicantMessage: kind.texts.banChanged?.(input.change, input.current ?? null) ?? null,
        reviewedBy: input.by.name,
        reviewerId: input.by.id,
        reviewedAt: this.clock.now(),
      };
      if (!(await this.appeals.saveReview(next, appeal.status))) continue;
      await this.effects.applicationReviewed(kind, next);
      closed.push(next);
    }
    return closed;
  }
}
