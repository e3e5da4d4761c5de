import {
  type ApplicationListDto,
  type WhitelistApplicationDto,
  type WhitelistApplicationSummaryDto,
  whitelistKind,
} from '@contract/applications.ts';
import { PlayerLink } from '@/features/players';
import { dayAndTime } from '@/lib/dates.ts';
import { PlayerCell } from '../components/application-table.tsx';
import { StatusBadge } from '../components/badges.tsx';
import { ChooseAndSubmit } from '../components/choose-and-submit.tsx';
import { statusCounters } from '../components/counters.tsx';
import { Cell } from '../components/responsive-table.tsx';
import { hoursPerWeek, ReviewAnswers } from '../components/review-answers.tsx';
import { Detail, LongAnswer } from '../components/review-dialog.tsx';
import { VotesPanel, VoteTally } from '../components/votes-panel.tsx';
import type { ReviewKindView } from './review-kind.ts';

/** Whitelist applications: decided on /admin-applications (notes of 10+ characters) and on /staff-applications. */
export const whitelistReview: ReviewKindView<
  WhitelistApplicationSummaryDto,
  ApplicationListDto,
  WhitelistApplicationDto
> = {
  kind: 'whitelist',
  definition: whitelistKind,
  counters: {
    label: 'Application counts',
    items: (list) =>
      statusCounters(list?.counts, [
        ['Pending', 'pending'],
        ['Approved', 'approved'],
        ['Rejected', 'rejected'],
      ]),
  },
  table: {
    empty: 'No applications yet',
    columns: ['Applicant', 'Age', 'Status', '18+ Verified', 'Applied', 'Action'],
    cells: (application) => (
      <>
        <PlayerCell label="Applicant" application={application}>
          <span className="block text-slate-400 [overflow-wrap:anywhere]">{application.email}</span>
        </PlayerCell>
        <Cell label="Age">{application.age}</Cell>
        <Cell label="Status">
          <StatusBadge status={application.status} />
          <VoteTally votes={application.votes} />
        </Cell>
        <Cell label="18+ Verified">{application.isEighteenPlus ? 'Yes' : 'No'}</Cell>
      </>
    ),
  },
  dialog: {
    title: (application) => `Application from ${application.discordUsername}`,
    body: (application) => <WhitelistDetails application={application} playerLabel="Discord" withStatus />,
    decision: (application, onClose) =>
      application.status === 'pending' ? (
        <ChooseAndSubmit application={application} onClose={onClose} />
      ) : (
        <VotesPanel votes={application.votes} />
      ),
  },
};

/**
 * A whitelist application as both review screens show it: who, the answers listed for review, the earlier notes and
 * message. The dialog names the player Discord and shows the status; the panel's header carries the status.
 */
export function WhitelistDetails({
  application,
  playerLabel,
  withStatus = false,
}: {
  application: WhitelistApplicationDto;
  playerLabel: string;
  withStatus?: boolean;
}) {
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label={playerLabel}>
          <PlayerLink userId={application.userId} name={application.discordUsername} />
        </Detail>
        <Detail label="Email">{application.email}</Detail>
        <Detail label="Age">{application.age}</Detail>
        <Detail label="18+ confirmed">{application.isEighteenPlus ? 'Yes' : 'No'}</Detail>
        <Detail label="Timezone">{application.timezone}</Detail>
        <Detail label="Hours per week">{hoursPerWeek(application.hoursPerWeek)}</Detail>
        {withStatus && (
          <Detail label="Status">
            <StatusBadge status={application.status} />
          </Detail>
        )}
        <Detail label="Applied">{dayAndTime(application.createdAt)}</Detail>
        {application.reviewedBy && <Detail label="Reviewed by">{application.reviewedBy}</Detail>}
        {application.reviewedAt && <Detail label="Reviewed">{dayAndTime(application.reviewedAt)}</Detail>}
      </dl>
      <ReviewAnswers kind={whitelistKind} application={application} />
      {application.reviewNotes && <LongAnswer label="Review notes (staff only)" text={application.reviewNotes} />}
      {application.applicantMessage && (
        <LongAnswer label="Message to the applicant" text={application.applicantMessage} />
      )}
    </>
  );
}
