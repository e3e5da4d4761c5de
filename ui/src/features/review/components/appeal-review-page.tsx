import type { AppealDto, AppealSummaryDto } from '@contract/applications.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { PlayerLink, PlayerSearch } from '@/features/players';
import { POLL_APPEALS_MS, useAppeals } from '../api/review.ts';
import { useReviewPage } from '../api/use-review-page.ts';
import { AppealReviewDialog, banLabel } from './appeal-review-dialog.tsx';
import { ApplicationDetail } from './application-detail.tsx';
import { AppliedAndOpen, ApplicationTable } from './application-table.tsx';
import { StatusBadge } from './badges.tsx';
import { Counters, statusCounters } from './counters.tsx';
import { Cell, Row } from './responsive-table.tsx';
import { ReviewGate } from './review-gate.tsx';

/** /admin/appeals: ban appeals with their counters, a table and the review dialog; for holders of 'review-appeals'. */
export default function AppealReviewPage() {
  return (
    <RequirePermission permission="review-appeals">
      <AppealReview />
    </RequirePermission>
  );
}

function AppealReview() {
  const { query, data, applications, openId, setOpenId, opening, openApplication } = useReviewPage(
    'appeal',
    useAppeals,
  );
  if (isRefusal(query.error)) return <NotAuthorized permission="review-appeals" />;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16">
      <PageHeading title="Ban Appeals" description="Review appeals of website, store and game-server bans." />
      <PlayerSearch />
      <ReviewGate query={query}>
        <Counters
          label="Ban appeal counts"
          items={statusCounters(data?.counts, [
            ['Pending', 'pending'],
            ['Approved', 'approved'],
            ['Denied', 'denied'],
            ['Closed', 'closed'],
          ])}
        />
        <ApplicationTable
          applications={applications}
          total={data?.total}
          query={query}
          empty="No ban appeals found"
          caption="Ban appeals, newest first"
          columns={['Player', 'Ban', 'Banned around', 'Status', 'Sent', 'Action']}
          row={(appeal) => (
            <AppealRow
              key={appeal.id}
              appeal={appeal}
              opening={opening === appeal.id}
              onOpen={() => openApplication(appeal.id)}
            />
          )}
        />
      </ReviewGate>
      {openId && (
        <ApplicationDetail<AppealDto> kind="appeal" id={openId} refetchInterval={POLL_APPEALS_MS}>
          {(appeal) => <AppealReviewDialog appeal={appeal} onClose={() => setOpenId(null)} />}
        </ApplicationDetail>
      )}
    </div>
  );
}

function AppealRow({ appeal, opening, onOpen }: { appeal: AppealSummaryDto; opening: boolean; onOpen: () => void }) {
  return (
    <Row id={appeal.id}>
      <Cell label="Player">
        <span className="block">
          <PlayerLink userId={appeal.userId} name={appeal.discordUsername} />
        </span>
        <span className="block text-slate-400">{appeal.characterNames}</span>
      </Cell>
      <Cell label="Ban">{banLabel(appeal.ban)}</Cell>
      <Cell label="Banned around">{appeal.bannedAround}</Cell>
      <Cell label="Status">
        <StatusBadge status={appeal.status} />
      </Cell>
      <AppliedAndOpen
        id={appeal.id}
        createdAt={appeal.createdAt}
        decided={appeal.status !== 'pending'}
        opening={opening}
        onOpen={onOpen}
        sentLabel="Sent"
      />
    </Row>
  );
}
