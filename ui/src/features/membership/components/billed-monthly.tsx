import { CalendarClock } from 'lucide-react';
import { day } from '@/lib/dates.ts';
import { nextMonthlyCharge } from '../api/membership.ts';

/**
 * What a Priority Pass is: a monthly membership, with when the next charge falls. `nextCharge` null: no date (a
 * member looking at other tiers, whose change is billed on their own membership's dates).
 */
export function BilledMonthly({ nextCharge, className = '' }: { nextCharge?: string | null; className?: string }) {
  const date = nextCharge === undefined ? nextMonthlyCharge().toISOString() : nextCharge;
  return (
    <p className={`flex gap-2 text-sm text-slate-200 ${className}`} data-testid="billed-monthly">
      <CalendarClock aria-hidden size={16} className="mt-0.5 shrink-0 text-moss-400" />
      <span>
        <span className="font-semibold text-white">Billed monthly, cancel anytime.</span>
        {date && (
          <>
            {' '}
            Next charge: <span data-testid="next-charge">{day(date)}</span>
          </>
        )}
      </span>
    </p>
  );
}
