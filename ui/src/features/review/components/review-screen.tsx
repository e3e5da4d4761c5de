import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { paths } from '@/config/paths.ts';
import { can, useCurrentUser } from '@/features/auth';
import { PlayerSearch } from '@/features/players';
import { ReviewGate } from './review-gate.tsx';

/**
 * Where a screen's back link goes: the purchase dashboard for those who may see it; on /admin-applications, the
 * other reviewers go back to the second whitelist screen.
 */
export type BackLink = 'dashboard' | 'dashboard-else-reviews';

/** What a review screen says at its top. */
export interface ScreenHeading {
  title: string;
  description: string;
  back?: BackLink;
}

const BACK = 'mt-6 inline-flex items-center gap-1 text-sm text-moss-300 hover:underline';

function Back({ back }: { back: BackLink }) {
  const { user } = useCurrentUser();
  if (can(user, 'view-purchases'))
    return (
      <Link to={paths.admin} className={BACK}>
        <ArrowLeft aria-hidden size={16} /> Back to Purchase Dashboard
      </Link>
    );
  if (back === 'dashboard') return null;
  return (
    <Link to={paths.staffApplications} className={BACK}>
      <ArrowLeft aria-hidden size={16} /> Back to Reviews
    </Link>
  );
}

/**
 * A review screen's frame: the back link, the heading, the player search, then the list once it has loaded
 * (`children`); `dialog` sits outside the list, so a refetch that fails keeps it open.
 */
export function ReviewScreen({
  heading,
  query,
  dialog,
  children,
}: {
  heading: ScreenHeading;
  query: Parameters<typeof ReviewGate>[0]['query'];
  dialog?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16">
      {heading.back && <Back back={heading.back} />}
      <PageHeading title={heading.title} description={heading.description} />
      <PlayerSearch />
      <ReviewGate query={query}>{children}</ReviewGate>
      {dialog}
    </div>
  );
}
