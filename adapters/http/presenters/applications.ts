import {
  reapplyAt,
  type Application,
  type ApplicationKind,
  type ApplicationView,
} from '../../../core/applications/model/application.ts';
import type { ApplicationPage } from '../../../core/applications/use-cases/list-applications.ts';
import type { VoteSummary } from '../../../core/applications/model/votes.ts';
import type { ApplicationDto, ApplicationListDto, MyApplicationsDto, VotesDto } from '../contract/applications.ts';

/** The votes as the reader may see them; a vote's note is staff's, as the review notes are. */
export function presentVotes(summary: VoteSummary): VotesDto {
  return {
    quorum: summary.quorum,
    cast: summary.cast,
    visible: summary.visible,
    count: summary.count,
    votes: summary.votes.map((vote) => ({
      reviewerName: vote.reviewerName,
      choice: vote.choice,
      note: vote.note,
      createdAt: vote.createdAt.toISOString(),
    })),
    mine: summary.mine,
    decidesAlone: summary.decidesAlone,
    voters: summary.voters,
  };
}

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
    ...(application.votes ? { votes: presentVotes(application.votes) } : {}),
  };
}

/** Cut at `length` characters, with "..." when something was cut. */
export function previewOf(text: unknown, length: number): string {
  const whole = typeof text === 'string' ? text : '';
  return whole.length > length ? `${whole.slice(0, length)}...` : whole;
}

/** A review list's row: identity, the kind's summary answers, `currentStaff` where shown, the preview, status, date. */
export function presentApplicationSummary<A, S extends string>(
  kind: ApplicationKind<A, S>,
  application: ApplicationView<A, S>,
  withPreview = false,
): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: application.id,
    userId: application.userId,
    discordUsername: application.discordUsername,
  };
  for (const answer of kind.summary.answers) row[answer] = (application as Record<string, unknown>)[answer];
  if (kind.showsCurrentStaff) row.currentStaff = application.currentStaff ?? false;
  const { preview } = kind.summary;
  if (preview && withPreview)
    row.preview = previewOf((application as Record<string, unknown>)[preview.answer], preview.length);
  row.status = application.status;
  row.createdAt = application.createdAt.toISOString();
  // a row names its votes only once someone voted, and then only how many and (while visible) the split
  if (application.votes && application.votes.cast > 0)
    row.votes = { cast: application.votes.cast, count: application.votes.count };
  return row;
}

/**
 * A page as the review lists read it: summaries, with the preview when asked (`rows: 'full'` for the terminal's
 * JSON: every answer of each).
 */
export function presentApplicationPage<A, S extends string>(
  kind: ApplicationKind<A, S>,
  page: ApplicationPage<A, S>,
  rows: 'summary' | 'summary-with-preview' | 'full' = 'summary',
): ApplicationListDto<unknown, S> {
  return {
    applications: page.items.map((application) =>
      rows === 'full'
        ? presentApplication(kind, application)
        : presentApplicationSummary(kind, application, rows === 'summary-with-preview'),
    ),
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
  decisionsOnDiscord: boolean,
): MyApplicationsDto {
  return {
    decisionsOnDiscord,
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
