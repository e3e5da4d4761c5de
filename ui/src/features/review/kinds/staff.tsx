import {
  type StaffApplicationDto,
  type StaffApplicationListDto,
  type StaffApplicationSummaryDto,
  type StaffStatusDto,
  staffKind,
} from '@contract/staff-applications.ts';
import { PlayerLink } from '@/features/players';
import { dayAndTime } from '@/lib/dates.ts';
import { PositionBadge, StatusBadge } from '../components/badges.tsx';
import { statusCounters } from '../components/counters.tsx';
import { DECISION_COLOURS } from '../components/decision-buttons.tsx';
import { type Moves, MoveDecision } from '../components/move-decision.tsx';
import { Cell } from '../components/responsive-table.tsx';
import { ReviewAnswers } from '../components/review-answers.tsx';
import { Detail, DetailSection, LongAnswer } from '../components/review-dialog.tsx';
import { VoteTally } from '../components/votes-panel.tsx';
import type { ReviewKindView } from './review-kind.ts';

const experience = (currentStaff: boolean) => (currentStaff ? 'Current Staff' : 'New Applicant');

/** Notes are optional and sent as written (docs/product.md#applications-and-reviews); the server checks only their length. */
const moves: Moves<Exclude<StaffStatusDto, 'pending'>, StaffApplicationDto> = {
  kind: 'staff',
  buttons: {
    approved: { label: 'Approve', className: DECISION_COLOURS.approve },
    under_review: { label: 'Mark Under Review', className: DECISION_COLOURS.review },
    denied: { label: 'Deny', className: DECISION_COLOURS.refuse },
  },
  transitions: staffKind.transitions,
  final: (status) => status !== 'under_review',
  thing: 'application',
  applicant: (application) => application.realName,
  toast: () => ({
    title: 'Application Reviewed',
    description: 'Staff application status updated successfully',
    variant: 'success',
  }),
};

/** Staff applications, on /staff-review: four counters (one of them the admin applications), moves as buttons. */
export const staffReview: ReviewKindView<StaffApplicationSummaryDto, StaffApplicationListDto, StaffApplicationDto> = {
  kind: 'staff',
  definition: staffKind,
  counters: {
    label: 'Staff application counts',
    items: (list) => [
      ...statusCounters(list?.counts, [
        ['Pending', 'pending'],
        ['Approved', 'approved'],
      ]),
      { label: 'Admin Applications', value: list?.positions.admin },
    ],
  },
  table: {
    empty: 'No staff applications found',
    columns: ['Applicant', 'Position', 'Experience', 'Status', 'Applied', 'Action'],
    cells: (application) => (
      <>
        <Cell label="Applicant">
          <span className="block font-semibold text-slate-100">{application.realName}</span>
          <span className="block">
            <PlayerLink userId={application.userId} name={application.discordUsername} />
          </span>
        </Cell>
        <Cell label="Position">
          <PositionBadge position={application.position} />
        </Cell>
        <Cell label="Experience">
          <span className="block">{experience(application.currentStaff)}</span>
          <span className="block text-slate-400">Age {application.age}</span>
        </Cell>
        <Cell label="Status">
          <StatusBadge status={application.status} />
          <VoteTally votes={application.votes} />
        </Cell>
      </>
    ),
  },
  dialog: {
    title: (application) => `Staff application: ${application.realName}`,
    body: (application) => (
      <>
        <DetailSection label="Personal information" title="Personal Information">
          <Detail label="Real name">{application.realName}</Detail>
          <Detail label="Discord">
            <PlayerLink userId={application.userId} name={application.discordUsername} />
          </Detail>
          <Detail label="Email">{application.email}</Detail>
          <Detail label="Age">{application.age}</Detail>
          <Detail label="Timezone">{application.timezone}</Detail>
          <Detail label="Languages">{application.languages ?? '—'}</Detail>
        </DetailSection>
        <DetailSection label="Details" title="Details">
          <Detail label="Position">
            <PositionBadge position={application.position} />
          </Detail>
          <Detail label="Status">
            <StatusBadge status={application.status} />
          </Detail>
          <Detail label="Experience">{experience(application.currentStaff)}</Detail>
          <Detail label="Availability">{application.availability}</Detail>
          <Detail label="Applied">{dayAndTime(application.createdAt)}</Detail>
          {application.reviewedBy && <Detail label="Last reviewed by">{application.reviewedBy}</Detail>}
        </DetailSection>
        <ReviewAnswers kind={staffKind} application={application} />
        {application.applicantMessage && (
          <LongAnswer label="Last message to the applicant" text={application.applicantMessage} />
        )}
      </>
    ),
    decision: (application, onClose) => <MoveDecision application={application} moves={moves} onClose={onClose} />,
  },
};
