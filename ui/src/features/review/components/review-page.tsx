import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import type { ApplicationKind } from '@contract/applications.ts';
import { paths } from '@/config/paths.ts';
import { RequirePermission } from '@/features/auth';
import {
  POLL_ADMIN_APPLICATIONS_MS,
  POLL_APPEALS_MS,
  POLL_SECOND_SCREEN_MS,
  POLL_STAFF_REVIEW_MS,
} from '../api/review.ts';
import { appealReview } from '../kinds/appeal.tsx';
import type { ReviewKindView, ReviewList, ReviewSummary } from '../kinds/review-kind.ts';
import { staffReview } from '../kinds/staff.tsx';
import { whitelistReview } from '../kinds/whitelist.tsx';
import { ListReview } from './list-review.tsx';
import type { ScreenHeading } from './review-screen.tsx';
import { TableReview } from './table-review.tsx';

interface Screen {
  path: string;
  /** the kind's deciding permission: without it the screen says so and asks for nothing */
  permission: ApplicationKind['decider'];
  screen: () => ReactNode;
}

/** A kind's applications as a table with counters, each opening the review dialog. */
function tableScreen<S extends ReviewSummary, L extends ReviewList<S>, A extends { id: string }>(
  path: string,
  view: ReviewKindView<S, L, A>,
  refetchInterval: number,
  heading: ScreenHeading,
): Screen {
  return {
    path,
    permission: view.definition.decider,
    screen: () => <TableReview view={view} refetchInterval={refetchInterval} heading={heading} />,
  };
}

/** The review screens: each a kind (its view says how it is listed and decided), a layout, a heading and a poll. */
const SCREENS: Screen[] = [
  // staff and admins decide whitelist applications here, notes of 10+ characters
  tableScreen(paths.adminApplications, whitelistReview, POLL_ADMIN_APPLICATIONS_MS, {
    title: 'Whitelist Applications',
    description: 'Review whitelist applications. New ones appear automatically.',
    back: 'dashboard-else-reviews',
  }),
  {
    // the second whitelist review screen, a list beside a detail panel; notes optional
    path: paths.staffApplications,
    permission: whitelistReview.definition.decider,
    screen: () => (
      <ListReview
        refetchInterval={POLL_SECOND_SCREEN_MS}
        heading={{ title: 'Application Review', description: 'Whitelist applications, newest first.' }}
      />
    ),
  },
  // four counters, one of them the admin applications; admins only
  tableScreen(paths.staffReview, staffReview, POLL_STAFF_REVIEW_MS, {
    title: 'Staff Applications',
    description: 'Review applications for the staff team.',
    back: 'dashboard',
  }),
  // for holders of 'review-appeals'
  tableScreen(paths.adminAppeals, appealReview, POLL_APPEALS_MS, {
    title: 'Ban Appeals',
    description: 'Review appeals of website, store and game-server bans.',
  }),
];

/** /admin-applications, /staff-applications, /staff-review and /admin/appeals: the screen the path names. */
export default function ReviewPage() {
  const { pathname } = useLocation();
  const found = SCREENS.find((entry) => matchPath(entry.path, pathname));
  if (!found) return null;
  // a screen of its own each: moving from one to another starts the next one afresh
  return (
    <RequirePermission key={found.path} permission={found.permission}>
      {found.screen()}
    </RequirePermission>
  );
}
