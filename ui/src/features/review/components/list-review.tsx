import type {
  ApplicationListDto,
  WhitelistApplicationDto,
  WhitelistApplicationSummaryDto,
} from '@contract/applications.ts';
import { isRefusal, NotAuthorized } from '@/features/auth';
import { PlayerLink } from '@/features/players';
import { day } from '@/lib/dates.ts';
import { useReviewPage } from '../api/use-review-page.ts';
import { whitelistReview } from '../kinds/whitelist.tsx';
import { ApplicationDetail } from './application-detail.tsx';
import { StatusBadge } from './badges.tsx';
import { VoteTally } from './votes-panel.tsx';
import { Counters } from './counters.tsx';
import { LoadMore } from './load-more.tsx';
import { ReviewScreen, type ScreenHeading } from './review-screen.tsx';
import { WhitelistReviewPanel } from './whitelist-review-panel.tsx';

/** The second whitelist review screen: a list (with each backstory's start) beside the detail panel; notes optional. */
export function ListReview({ refetchInterval, heading }: { refetchInterval: number; heading: ScreenHeading }) {
  const view = whitelistReview;
  const {
    query,
    data,
    applications,
    openId: selectedId,
    setOpenId: setSelectedId,
  } = useReviewPage<ApplicationListDto>(view.kind, refetchInterval, true);
  if (isRefusal(query.error)) return <NotAuthorized permission={view.definition.decider} />;

  return (
    <ReviewScreen heading={heading} query={query}>
      <Counters label={view.counters.label} items={view.counters.items(data)} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-label="Applications" className="min-w-0">
          {data && data.applications.length === 0 ? (
            <p className="rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-center text-slate-300">
              {view.table.empty}
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
              kind={view.kind}
              id={selectedId}
              refetchInterval={refetchInterval}
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
    </ReviewScreen>
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
          <span className="text-right">
            <StatusBadge status={application.status} />
            <VoteTally votes={application.votes} />
          </span>
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
