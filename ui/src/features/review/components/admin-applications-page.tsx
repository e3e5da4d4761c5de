import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { WhitelistApplicationDto, WhitelistApplicationSummaryDto } from '@contract/applications.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { paths } from '@/config/paths.ts';
import { can, isRefusal, NotAuthorized, RequirePermission, useCurrentUser } from '@/features/auth';
import { PlayerSearch } from '@/features/players';
import { POLL_ADMIN_APPLICATIONS_MS, useWhitelistApplications } from '../api/review.ts';
import { useReviewPage } from '../api/use-review-page.ts';
import { StatusBadge } from './badges.tsx';
import { Counters, statusCounters } from './counters.tsx';
import { ApplicationDetail } from './application-detail.tsx';
import { AppliedAndOpen, ApplicationTable } from './application-table.tsx';
import { Cell, Row } from './responsive-table.tsx';
import { PlayerLink } from '@/features/players';
import { ReviewGate } from './review-gate.tsx';
import { WhitelistReviewDialog } from './whitelist-review-dialog.tsx';

/** /admin-applications: whitelist applications with counters, a table and the review modal; staff and admins only. */
export default function AdminApplicationsPage() {
  return (
    <RequirePermission permission="review-whitelist">
      <AdminApplications />
    </RequirePermission>
  );
}

function AdminApplications() {
  const { query, data, applications, openId, setOpenId, opening, openApplication } = useReviewPage(
    'whitelist',
    useWhitelistApplications,
    POLL_ADMIN_APPLICATIONS_MS,
  );
  const { user } = useCurrentUser();
  if (isRefusal(query.error)) return <NotAuthorized permission="review-whitelist" />;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16">
      {can(user, 'view-purchases') ? (
        <Link to={paths.admin} className="mt-6 inline-flex items-center gap-1 text-sm text-moss-300 hover:underline">
          <ArrowLeft aria-hidden size={16} /> Back to Purchase Dashboard
        </Link>
      ) : (
        <Link
          to={paths.staffApplications}
          className="mt-6 inline-flex items-center gap-1 text-sm text-moss-300 hover:underline"
        >
          <ArrowLeft aria-hidden size={16} /> Back to Reviews
        </Link>
      )}
      <PageHeading
        title="Whitelist Applications"
        description="Review whitelist applications. New ones appear automatically."
      />
      <PlayerSearch />
      <ReviewGate query={query}>
        <Counters
          label="Application counts"
          items={statusCounters(data?.counts, [
            ['Pending', 'pending'],
            ['Approved', 'approved'],
            ['Rejected', 'rejected'],
          ])}
        />
        <ApplicationTable
          applications={applications}
          total={data?.total}
          query={query}
          empty="No applications yet"
          columns={['Applicant', 'Age', 'Status', '18+ Verified', 'Applied', 'Action']}
          row={(application) => (
            <ApplicationRow
              key={application.id}
              application={application}
              opening={opening === application.id}
              onOpen={() => openApplication(application.id)}
            />
          )}
        />
      </ReviewGate>
      {openId && (
        <ApplicationDetail<WhitelistApplicationDto>
          kind="whitelist"
          id={openId}
          refetchInterval={POLL_ADMIN_APPLICATIONS_MS}
        >
          {(application) => <WhitelistReviewDialog application={application} onClose={() => setOpenId(null)} />}
        </ApplicationDetail>
      )}
    </div>
  );
}

function ApplicationRow({
  application,
  opening,
  onOpen,
}: {
  application: WhitelistApplicationSummaryDto;
  opening: boolean;
  onOpen: () => void;
}) {
  return (
    <Row id={application.id}>
      <Cell label="Applicant">
        <span className="block">
          <PlayerLink userId={application.userId} name={application.discordUsername} />
        </span>
        <span className="block text-slate-400 [overflow-wrap:anywhere]">{application.email}</span>
      </Cell>
      <Cell label="Age">{application.age}</Cell>
      <Cell label="Status">
        <StatusBadge status={application.status} />
      </Cell>
      <Cell label="18+ Verified">{application.isEighteenPlus ? 'Yes' : 'No'}</Cell>
      <AppliedAndOpen
        id={application.id}
        createdAt={application.createdAt}
        decided={application.status !== 'pending'}
        opening={opening}
        onOpen={onOpen}
      />
    </Row>
  );
}
