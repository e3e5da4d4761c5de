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
import { staffReview } from '../kinds/staff.tsx';
import { whitelistReview } from '../kinds/whitelist.tsx';
import { ListReview } from './list-review.tsx';
import { TableReview } from './table-review.tsx';

/** The review screens: each a kind (its view says how it is listed and decided), a layout, a heading and a poll. */
const SCREENS: { path: string; permission: ApplicationKind['decider']; screen: () => ReactNode }[] = [
  {
    // whitelist applications with counters, a table and the review dialog; staff and admins only
    path: paths.adminApplications,
    permission: whitelistReview.definition.decider,
    screen: () => (
      <TableReview
        view={whitelistReview}
        refetchInterval={POLL_ADMIN_APPLICATIONS_MS}
        heading={{
          title: 'Whitelist Applications',
          description: 'Review whitelist applications. New ones appear automatically.',
          back: 'dashboard-else-reviews',
        }}
      />
    ),
  },
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
  {
    // staff applications with four counters, a table and the review dialog; admins only
    path: paths.staffReview,
    permission: staffReview.definition.decider,
    screen: () => (
      <TableReview
        view={staffReview}
        refetchInterval={POLL_STAFF_REVIEW_MS}
        heading={{
          title: 'Staff Applications',
          description: 'Review applications for the staff team.',
          back: 'dashboard',
        }}
      />
    ),
  },
  {
    // ban appeals with their counters, a table and the review dialog; for holders of 'review-appeals'
    path: paths.adminAppeals,
    permission: appealReview.definition.decider,
    screen: () => (
      <TableReview
        view={appealReview}
        refetchInterval={POLL_APPEALS_MS}
        heading={{ title: 'Ban Appeals', description: 'Review appeals of website, store and game-server bans.' }}
      />
    ),
  },
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
