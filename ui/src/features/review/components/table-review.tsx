import { NotAuthorized, isRefusal } from '@/features/auth';
import { useReviewPage } from '../api/use-review-page.ts';
import { isDecided, type ReviewKindView, type ReviewList, type ReviewSummary } from '../kinds/review-kind.ts';
import { ApplicationDetail } from './application-detail.tsx';
import { AppliedAndOpen, ApplicationTable } from './application-table.tsx';
import { Counters } from './counters.tsx';
import { Row } from './responsive-table.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { ReviewScreen, type ScreenHeading } from './review-screen.tsx';

/** A kind's applications with their counters, as a table (cards on a phone); a row's button opens its dialog. */
export function TableReview<S extends ReviewSummary, L extends ReviewList<S>, A extends { id: string }>({
  view,
  refetchInterval,
  heading,
}: {
  view: ReviewKindView<S, L, A>;
  refetchInterval: number;
  heading: ScreenHeading;
}) {
  const { query, data, applications, openId, setOpenId, opening, openApplication } = useReviewPage<L>(
    view.kind,
    refetchInterval,
  );
  if (isRefusal(query.error)) return <NotAuthorized permission={view.definition.decider} />;

  return (
    <ReviewScreen
      heading={heading}
      query={query}
      dialog={
        openId && (
          <ApplicationDetail<A> kind={view.kind} id={openId} refetchInterval={refetchInterval}>
            {(application) => <ReviewDialog view={view} application={application} onClose={() => setOpenId(null)} />}
          </ApplicationDetail>
        )
      }
    >
      <Counters label={view.counters.label} items={view.counters.items(data)} />
      <ApplicationTable
        applications={applications}
        total={data?.total}
        query={query}
        empty={view.table.empty}
        caption={view.table.caption}
        columns={view.table.columns}
        row={(application) => (
          <Row key={application.id} id={application.id}>
            {view.table.cells(application)}
            <AppliedAndOpen
              id={application.id}
              createdAt={application.createdAt}
              decided={isDecided(view.definition, application.status)}
              opening={opening === application.id}
              onOpen={() => openApplication(application.id)}
              sentLabel={view.table.sentLabel}
            />
          </Row>
        )}
      />
    </ReviewScreen>
  );
}
