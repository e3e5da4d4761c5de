import { Link } from 'react-router-dom';
import { QueryState } from '@/components/ui/query-state.tsx';
import { paths } from '@/config/paths.ts';
import { type ApplicationKind, type MyApplication, useMyApplicationsOf } from '../api/account.ts';
import { day } from '@/lib/dates.ts';
import { applyAgainDay } from '@/components/application-form/application-status.tsx';
import { StatusPill } from '@/components/ui/status-pill.tsx';

const KINDS: Record<ApplicationKind, { title: string; none: string; link: string; linkText: string }> = {
  whitelist: {
    title: 'Whitelist applications',
    none: 'You have not applied for the whitelist.',
    link: paths.apply,
    linkText: 'Apply for the whitelist',
  },
  staff: {
    title: 'Staff applications',
    none: 'You have not applied to join the staff.',
    link: paths.staffApply,
    linkText: 'Apply to join the staff',
  },
};

/** The player's whitelist and staff applications: status, dates, and the reviewers' message to them. */
export function ApplicationsSection() {
  return (
    <section aria-labelledby="applications-heading" className="mt-10">
      <h2 id="applications-heading" className="font-display text-2xl font-bold text-white">
        Applications
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <ApplicationsOf kind="whitelist" />
        <ApplicationsOf kind="staff" />
      </div>
    </section>
  );
}

function ApplicationsOf({ kind }: { kind: ApplicationKind }) {
  const mine = useMyApplicationsOf(kind);
  const text = KINDS[kind];
  return (
    <div className="min-w-0 rounded-xl border border-bayou-700 bg-bayou-900/60 p-4">
      <h3 className="font-semibold text-gold-400">{text.title}</h3>
      {mine.isPending || mine.error ? (
        <QueryState isPending={mine.isPending} error={mine.error} retry={() => void mine.refetch()} />
      ) : mine.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">
          {text.none}{' '}
          <Link to={text.link} className="text-gold-400 underline">
            {text.linkText}
          </Link>
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-bayou-700">
          {mine.data.map((application) => (
            <ApplicationItem key={application.id} application={application} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationItem({ application }: { application: MyApplication }) {
  return (
    <li data-testid="application-row" className="py-3 text-sm text-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusPill status={application.status} />
        <span className="text-slate-400">Submitted {day(application.createdAt)}</span>
      </div>
      {application.reviewedAt && <p className="mt-1 text-slate-400">Reviewed {day(application.reviewedAt)}</p>}
      {/* the reviewers' message to the applicant, when they wrote one */}
      {application.applicantMessage && (
        <blockquote className="mt-2 border-l-2 border-gold-500 pl-3 text-slate-100">
          <span className="sr-only">Message from the reviewers: </span>
          {application.applicantMessage}
        </blockquote>
      )}
      {application.applyAgainAt && (
        // the day the server counts (UTC) and names in its refusal, as /apply and /staff-apply say it
        <p className="mt-2 text-slate-300">You can apply again from {applyAgainDay(application.applyAgainAt)}.</p>
      )}
    </li>
  );
}
