import type { WhitelistApplicationDto, WhitelistApplicationSummaryDto } from '@contract/applications.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { PlayerSearch } from '@/features/players';
import { POLL_SECOND_SCREEN_MS, useWhitelistApplications } from '../api/review.ts';
import { useReviewPage } from '../api/use-review-page.ts';
import { StatusBadge } from './badges.tsx';
import { Counters, statusCounters } from './counters.tsx';
import { day } from '@/lib/dates.ts';
import { LoadMore } from './load-more.tsx';
import { PlayerLink } from '@/features/players';
import { ReviewGate } from './review-gate.tsx';
import { WhitelistReviewPanel } from './whitelist-review-panel.tsx';
import { ApplicationDetail } from './application-detail.tsx';

/** /staff-applications: the second whitelist review screen, a list beside a detail panel; notes optional. */
export default function WhitelistReviewListPage() {
  return (
    <RequirePermission permission="review-whitelist">
      <WhitelistReviewList />
    </RequirePermission>
  );
}

function WhitelistReviewList() {
  const {
    query,
    data,
    applications,
    openId: selectedId,
    setOpenId: setSelectedId,
  } = useReviewPage('whitelist', useWhitelistApplications, POLL_SECOND_SCREEN_MS, true);
  if (isRefusal(query.error)) return <NotAuthorized permission="review-whitelist" />;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16">
      <PageHeading title="Application Review" description="Whitelist applications, newest first." />
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
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <section aria-label="Applications" className="min-w-0">
            {data && data.applications.length === 0 ? (
              <p className="rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-center text-slate-300">
                No applications yet
              </p>
            ) : (
              <ul className="grid max-h-[600px] gap-3 overflow-y-auto pr-1">
                {applications.map((application) => (
                  <ListEntry
                    key={application.id}
                    application={application}
                    selected={application.id === selectedId}
                    onSelect={() => setSelectedId(application.id)}
                  />
                ))}
              </ul>
            )}
            {data && <LoadMore shown={applications.length} total={data.total} query={query} />}
          </section>
          <section aria-label="Application details" className="min-w-0">
            {selectedId ? (
              <ApplicationDetail<WhitelistApplicationDto>
                key={selectedId}
                kind="whitelist"
                id={selectedId}
                refetchInterval={POLL_SECOND_SCREEN_MS}
                showState
              >
                {(application) => <WhitelistReviewPanel application={application} />}
              </ApplicationDetail>
            ) : (
              <p className="rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-center text-slate-400">
                Select an application to see its details.
              </p>
            )}
          </section>
        </div>
      </ReviewGate>
    </div>
  );
}

function ListEntry({
  application,
  selected,
  onSelect,
}: {
  application: WhitelistApplicationSummaryDto;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li className="grid gap-2 rounded-xl">
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className={`w-full min-w-0 rounded-xl border p-4 text-left ${selected ? 'border-gold-400 bg-bayou-800' : 'border-bayou-700 bg-bayou-900 hover:border-moss-400'}`}
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="min-w-0 font-semibold text-slate-100 [overflow-wrap:anywhere]">
            {application.discordUsername}
          </span>
          <StatusBadge status={application.status} />
        </span>
        <span className="mt-1 block text-xs text-slate-400">Applied {day(application.createdAt)}</span>
        <span className="mt-2 line-clamp-3 text-sm text-slate-300 [overflow-wrap:anywhere]">{application.preview}</span>
      </button>
      <span className="px-4 text-sm text-slate-400">
        Player page: <PlayerLink userId={application.userId} name={application.discordUsername} />
      </span>
    </li>
  );
}
