import { CheckCircle2, ClipboardList, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUser } from '@/features/auth';
import {
  DecisionOnTheSite,
  stillWaiting,
  useFocusedHeading,
} from '@/components/application-form/application-status.tsx';
import { useMyStaffApplications, useStaffDecisionsOnDiscord } from '../api/staff-applications.ts';
import { StaffApplicationForm } from './staff-application-form.tsx';
import { StaffApplicationStatus } from './staff-application-status.tsx';

const requirements = [
  '18 years or older',
  'Active in our Discord community',
  'Clean punishment record',
  'At least 2 weeks on the server',
  'Professional communication',
];
const expectations = [
  '15+ hours a week',
  'Attend staff meetings',
  'Professional demeanor',
  'Help community members',
  'Follow and enforce the rules',
];

/**
 * /staff-apply (docs/product.md#application-forms): requirements, expectations, the applicant's latest application and, only where a
 * new one is welcome (none open, none approved, the waiting time after a denial over), the four positions and the
 * form.
 */
export default function StaffApplyPage() {
  const { user, isSignedIn } = useCurrentUser();
  const mine = useMyStaffApplications(isSignedIn === true);
  const [submitted, setSubmitted] = useState(false);

  if (submitted) return <StaffConfirmation />;

  const latest = mine.data?.[0];
  const approved = mine.data?.some((application) => application.status === 'approved');
  const formAllowed =
    !approved &&
    (!latest || (latest.status !== 'pending' && latest.status !== 'under_review' && !stillWaiting(latest)));
  return (
    <div className="pb-16">
      <PageHeading
        title="Staff Application"
        description="Help us run the bayou. Applications are reviewed within 3-5 business days."
      />
      {latest && (
        <div className="mx-auto mb-8 max-w-3xl px-4">
          <StaffApplicationStatus application={latest} />
        </div>
      )}
      <div className="mx-auto grid max-w-5xl gap-4 px-4 md:grid-cols-2">
        <IntroCard icon={ShieldCheck} title="Minimum Requirements" items={requirements} />
        <IntroCard icon={ClipboardList} title="Expectations" items={expectations} />
      </div>
      <div className="mx-auto mt-8 max-w-3xl px-4">
        {(isSignedIn === undefined || (isSignedIn && mine.isPending)) && <Spinner />}
        {isSignedIn === false && (
          <div className="rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-center">
            <p className="text-slate-200">Sign in with Discord to apply for a staff position.</p>
            <a
              href={`${paths.discordSignIn}?returnTo=${encodeURIComponent(paths.staffApply)}`}
              className="mt-4 inline-block rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400"
            >
              Sign in with Discord
            </a>
          </div>
        )}
        {user && mine.isSuccess && formAllowed && (
          <StaffApplicationForm user={user} onSubmitted={() => setSubmitted(true)} />
        )}
      </div>
    </div>
  );
}

/** In place of the form once it was sent: from its top, focus on its heading. */
function StaffConfirmation() {
  const navigate = useNavigate();
  // a decision comes by Discord message only where the site's bot sends one
  const onDiscord = useStaffDecisionsOnDiscord() === true;
  const heading = useFocusedHeading<HTMLHeadingElement>();
  return (
    <section aria-labelledby="staff-sent" className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`Staff Application Submitted | ${brand.name}`}</title>
      <CheckCircle2 aria-hidden size={56} className="mx-auto text-moss-400" />
      <h1
        id="staff-sent"
        ref={heading}
        tabIndex={-1}
        className="mt-4 scroll-mt-24 font-display text-3xl font-bold text-gold-400"
      >
        Application Submitted!
      </h1>
      <p className="mt-3 text-slate-300">
        {onDiscord ? (
          <>
            Thank you for applying. We&apos;ll review your application and get back to you on Discord within 3-5
            business days. Your application and its status show on this page meanwhile.
          </>
        ) : (
          <>
            Thank you for applying. We&apos;ll review your application within 3-5 business days; its status and our
            decision show <DecisionOnTheSite />.
          </>
        )}
      </p>
      <button
        type="button"
        onClick={() => navigate(paths.home)}
        className="mt-8 rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Return Home
      </button>
    </section>
  );
}

function IntroCard({ icon: Icon, title, items }: { icon: typeof ShieldCheck; title: string; items: string[] }) {
  return (
    <section className="rounded-xl border border-bayou-700 bg-bayou-900 p-5">
      <h2 className="flex items-center gap-2 font-semibold text-gold-400">
        <Icon aria-hidden className="text-moss-400" /> {title}
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
