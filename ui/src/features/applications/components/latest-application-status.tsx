import { format } from 'date-fns';
import type { MyApplicationsDto } from '@contract/applications.ts';

type Mine = MyApplicationsDto['applications'][number];

// an approved application shows AlreadyWhitelisted instead
const STYLES: Record<string, string> = {
  pending: 'border-yellow-500/50 bg-yellow-950/40 text-yellow-200',
  rejected: 'border-red-500/50 bg-red-950/40 text-red-200',
};

const NEXT: Record<string, string> = {
  pending: 'Our admins are reviewing it. You will get the decision by Discord notification.',
  rejected: 'You may send a new application below.',
};

/** Where the applicant's latest whitelist application stands. */
export function LatestApplicationStatus({ application }: { application: Mine }) {
  const decidedAt = application.reviewedAt ? ` on ${format(new Date(application.reviewedAt), 'MMM dd, yyyy')}` : '';
  return (
    <section
      aria-labelledby="latest-application"
      className={`mb-8 rounded-xl border p-5 ${STYLES[application.status] ?? 'border-slate-500/50 bg-slate-900 text-slate-200'}`}
    >
      <h2 id="latest-application" className="font-semibold">
        Your latest application
      </h2>
      <p className="mt-1">
        Submitted {format(new Date(application.createdAt), 'MMM dd, yyyy')}. Status:{' '}
        <strong data-testid="application-status">{application.status}</strong>
        {decidedAt}.
      </p>
      <p className="mt-1 text-sm opacity-90">{NEXT[application.status]}</p>
    </section>
  );
}
