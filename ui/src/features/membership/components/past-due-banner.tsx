import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth';
import { day } from '@/lib/dates.ts';
import { useMyMembership } from '../api/membership.ts';

/** On every page while a renewal is unpaid: what happened, until when benefits last, and where to fix it. */
export function PastDueBanner() {
  const current = useCurrentUser();
  // a banned player's session reaches only their appeal
  const membership = useMyMembership(Boolean(current.user && !current.user.ban));
  const data = membership.data;
  if (data?.status !== 'past_due') return null;
  return (
    <div
      role="alert"
      className="border-b border-red-500/50 bg-red-900/60 px-4 py-3 text-center text-sm text-red-50"
      data-testid="past-due-banner"
    >
      Your {data.tierName} Priority Pass renewal did not go through. Your benefits last until{' '}
      {day(data.graceUntil ?? data.currentPeriodEnd)}.{' '}
      <Link to="/account#membership" className="font-semibold underline">
        Update card
      </Link>
    </div>
  );
}
