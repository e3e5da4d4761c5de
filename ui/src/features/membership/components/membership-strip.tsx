import { formatMoney } from '@/lib/format.ts';
import { useMembershipSummary } from '../api/membership.ts';

/** The admin dashboard's memberships: live members per tier and monthly recurring revenue. */
export function MembershipStrip() {
  const summary = useMembershipSummary();
  if (!summary.data) return null;
  return (
    <section aria-labelledby="memberships-title" className="mt-6 rounded-xl border border-bayou-700 bg-bayou-900 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="memberships-title" className="font-display text-xl font-bold text-white">
          Priority Pass memberships
        </h2>
        <p className="text-sm text-slate-300">
          Monthly recurring revenue{' '}
          <span className="text-lg font-bold text-gold-400" data-testid="mrr">
            {formatMoney(summary.data.mrr)}
          </span>{' '}
          · <span data-testid="members">{summary.data.members}</span> active{' '}
          {summary.data.members === 1 ? 'member' : 'members'}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-300" data-testid="mrr-basis">
        What the next renewals will charge, coupons taken off; gifted and canceling passes charge nothing more.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {summary.data.tiers.map((tier) => (
          <div key={tier.tierId} className="rounded-lg border border-bayou-700 p-2">
            <dt className="text-xs text-slate-300">{tier.name}</dt>
            <dd className="text-lg font-semibold text-white" data-testid={`members-${tier.tierId}`}>
              {tier.members}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
