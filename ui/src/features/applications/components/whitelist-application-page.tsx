import { ClipboardCheck, Clock, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useCurrentUser } from '@/features/auth';
import { useMyMembership } from '@/features/membership';
import { stillWaiting } from '@/components/application-form/application-status.tsx';
import { useMyApplications } from '../api/applications.ts';
import { AlreadyWhitelisted } from './already-whitelisted.tsx';
import { ApplicationConfirmation } from './application-confirmation.tsx';
import { LatestApplicationStatus } from './latest-application-status.tsx';
import { WhitelistApplicationForm } from './whitelist-application-form.tsx';

const infoCards = [
  { icon: Clock, title: 'Quick Review', text: 'Applications are reviewed within 24-48 hours.' },
  { icon: Users, title: 'Active Community', text: 'Join hundreds of players telling Louisiana stories every night.' },
  { icon: ClipboardCheck, title: 'Quality Standards', text: 'We look for thoughtful characters and serious roleplay.' },
];

/**
 * The whitelist application form (docs/product.md#application-forms): sign-in first, then the applicant's latest application and,
 * only where a new one is welcome, the form. A player with an approved application is whitelisted and gets no
 * form; nor does one with an application waiting for review, or refused less than a week ago (the server would
 * refuse all three).
 */
export default function WhitelistApplicationPage() {
  const { user, isSignedIn } = useCurrentUser();
  const mine = useMyApplications(isSignedIn === true);
  const membership = useMyMembership(isSignedIn === true).data;
  // every Priority Pass tier includes whitelist access: the game server lets a live pass holder in
  const pass = membership && membership.status !== 'ended' ? membership : null;
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (isSignedIn === false)
      window.location.assign(`${paths.discordSignIn}?returnTo=${encodeURIComponent(paths.apply)}`);
  }, [isSignedIn]);

  if (!user || mine.isPending) return <Spinner label="Loading your application" />;
  if (submitted) return <ApplicationConfirmation />;

  const approved = mine.data?.find((application) => application.status === 'approved');
  if (approved) return <AlreadyWhitelisted application={approved} />;

  const latest = mine.data?.[0];
  const formAllowed = !latest || (latest.status !== 'pending' && !stillWaiting(latest));
  return (
    <div className="pb-16">
      <PageHeading
        title="Whitelist Application"
        description="Tell us who you are and who your character will be. Every application is read by a person."
      />
      {pass && (
        <div className="mx-auto mb-6 max-w-3xl px-4">
          <p
            data-testid="pass-gives-access"
            className="rounded-xl border border-moss-400/60 bg-bayou-900 p-4 text-slate-100"
          >
            Your {pass.tierName} Priority Pass already lets you on the server: whitelist access comes with it. An
            approved application keeps you whitelisted after the pass ends.
          </p>
        </div>
      )}
      {latest && (
        <div className="mx-auto mb-8 max-w-3xl px-4">
          <LatestApplicationStatus application={latest} />
        </div>
      )}
      <ul aria-label="About the review" className="mx-auto grid max-w-5xl gap-4 px-4 md:grid-cols-3">
        {infoCards.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-bayou-700 bg-bayou-900 p-5">
            <Icon aria-hidden className="text-moss-400" />
            <h2 className="mt-2 font-semibold text-gold-400">{title}</h2>
            <p className="mt-1 text-sm text-slate-300">{text}</p>
          </li>
        ))}
      </ul>
      {formAllowed && (
        <div className="mx-auto mt-8 max-w-3xl px-4">
          <WhitelistApplicationForm user={user} onSubmitted={() => setSubmitted(true)} />
        </div>
      )}
    </div>
  );
}
