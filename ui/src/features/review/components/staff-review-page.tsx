import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { can, isRefusal, NotAuthorized, RequirePermission, useCurrentUser } from '@/features/auth';
import type { StaffApplicationDto, StaffApplicationSummaryDto } from '@contract/staff-applications.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { PlayerSearch } from '@/features/players';
import { POLL_STAFF_REVIEW_MS, useStaffApplications } from '../api/review.ts';
import { useReviewPage } from '../api/use-review-page.ts';
import { PositionBadge, StatusBadge } from './badges.tsx';
import { Counters, statusCounters } from './counters.tsx';
import { ApplicationDetail } from './application-detail.tsx';
import { AppliedAndOpen, ApplicationTable } from './application-table.tsx';
import { Cell, Row } from './responsive-table.tsx';
import { PlayerLink } from '@/features/players';
import { ReviewGate } from './review-gate.tsx';
import { StaffReviewDialog } from './staff-review-dialog.tsx';

/** /staff-review: staff applications with four counters, a table and the review modal; admins only. */
export default function StaffReviewPage() {
  return (
    <RequirePermission permission="review-staff">
      <StaffReview />
    </RequirePermission>
  );
}

function StaffReview() {
  const { query, data, applications, openId, setOpenId, opening, openApplication } = useReviewPage(
    'staff',
    useStaffApplications,
  );
  const { user } = useCurrentUser();
  if (isRefusal(query.error)) return <NotAuthorized permission="review-staff" />;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16">
      {can(user, 'view-purchases') && (
        <Link to={paths.admin} className="mt-6 inline-flex items-center gap-1 text-sm text-moss-300 hover:underline">
          <ArrowLeft aria-hidden size={16} /> Back to Purchase Dashboard
        </Link>
      )}
      <PageHeading title="Staff Applications" description="Review applications for the staff team." />
      <PlayerSearch />
      <ReviewGate query={query}>
        <Counters
          label="Staff application counts"
          items={[
            ...statusCounters(data?.counts, [
              ['Pending', 'pending'],
              ['Approved', 'approved'],
            ]),
            { label: 'Admin Applications', value: data?.positions.admin },
          ]}
        />
        <ApplicationTable
          applications={applications}
          total={data?.total}
          query={query}
          empty="No staff applications found"
          columns={['Applicant', 'Position', 'Experience', 'Status', 'Applied', 'Action']}
          row={(application) => (
            <StaffRow
              key={application.id}
              application={application}
              opening={opening === application.id}
              onOpen={() => openApplication(application.id)}
            />
          )}
        />
      </ReviewGate>
      {openId && (
        <ApplicationDetail<StaffApplicationDto> kind="staff" id={openId} refetchInterval={POLL_STAFF_REVIEW_MS}>
          {(application) => <StaffReviewDialog application={application} onClose={() => setOpenId(null)} />}
        </ApplicationDetail>
      )}
    </div>
  );
}

function StaffRow({
  application,
  opening,
  onOpen,
}: {
  application: StaffApplicationSummaryDto;
  opening: boolean;
  onOpen: () => void;
}) {
  return (
    <Row id={application.id}>
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
        <span className="block">{application.currentStaff ? 'Current Staff' : 'New Applicant'}</span>
        <span className="block text-slate-400">Age {application.age}</span>
      </Cell>
      <Cell label="Status">
        <StatusBadge status={application.status} />
      </Cell>
      <AppliedAndOpen
        id={application.id}
        createdAt={application.createdAt}
        decided={application.status === 'approved' || application.status === 'denied'}
        opening={opening}
        onOpen={onOpen}
      />
    </Row>
  );
}
