import {
  reapplyAt,
  type Application,
  type ApplicationKind,
  type ApplicationView,
} from '../../../core/applications/application.ts';
import type { ApplicationPage } from '../../../core/applications/list-applications.ts';
import type { ApplicationDto, ApplicationListDto, MyApplicationsDto } from '../contract/applications.ts';

/** Identity, the kind's answers (its questions, in their order), `currentStaff` where the kind shows it, the review. */
export function presentApplication<A, S extends string>(
  kind: ApplicationKind<A, S>,
  application: ApplicationView<A, S>,
): ApplicationDto<A, S> {
  const answers = Object.fromEntries(
    Object.keys(kind.answers.shape).map((key) => [key, (application as Record<string, unknown>)[key]]),
  ) as A;
  return {
    id: application.id,
    userId: application.userId,
    discordId: application.discordId,
    discordUsername: application.discordUsername,
    ...answers,
    ...(kind.showsCurrentStaff ? { currentStaff: application.currentStaff ?? false } : {}),
    status: application.status,
    reviewNotes: application.reviewNotes,
    applicantMessage: application.applicantMessage ?? null,
    reviewedBy: application.reviewedBy,
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
    createdAt: application.createdAt.toISOString(),
  };
}

export function presentApplicationPage<A, S extends string>(
  kind: ApplicationKind<A, S>,
  page: ApplicationPage<A, S>,
): ApplicationListDto<ApplicationDto<A, S>, S> {
  return {
    applications: page.items.map((application) => presentApplication(kind, application)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    counts: page.counts,
    ...(kind.tally ? { positions: page.positions } : {}),
    nextBefore: page.nextBefore,
  };
}

/** The applicant's view of their own: status, dates and the message to them; review notes and reviewer stay with staff. */
export function presentMine<A, S extends string>(
  kind: Pick<ApplicationKind<A, S>, 'reapply'>,
  applications: Application<A, S>[],
): MyApplicationsDto {
  return {
    applications: applications.map((a) => ({
      id: a.id,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
      applicantMessage: a.applicantMessage ?? null,
      applyAgainAt: reapplyAt(kind, a)?.toISOString() ?? null,
    })),
  };
}
