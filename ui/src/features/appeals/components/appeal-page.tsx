import { CheckCircle2, Gavel } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { appealKind, NON_APPEALABLE_OFFENCES } from '@contract/applications.ts';
import { ApplicationForm } from '@/components/application-form/application-form.tsx';
import {
  ApplicationStatusCard,
  type MyApplication,
  OpenApplicationStatus,
  RefusedApplicationStatus,
  stillWaiting,
  useFocusedHeading,
} from '@/components/application-form/application-status.tsx';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { type CurrentUser, useCurrentUser } from '@/features/auth';
import { ApiError } from '@/lib/api-client.ts';
import { day } from '@/lib/dates.ts';
import { useAppealDecisionsOnDiscord, useMyAppeals, useSubmitAppeal } from '../api/appeals.ts';

const FALLBACK_ERROR = 'There was an error sending your appeal. Please try again.';

const texts = {
  failed: 'Appeal Not Sent',
  succeeded: {
    title: 'Appeal Sent',
    description: 'The team will review your appeal. Its status shows on this page.',
    variant: 'success',
    duration: 6000,
  },
  refusal: (error: unknown) =>
    error instanceof ApiError && error.serverMessage ? error.serverMessage : FALLBACK_ERROR,
} as const;

/**
 * /appeal: a ban appeal on the site. A banned player's session reaches only this page: it says they are banned and
 * why, where their latest appeal stands, and, where a new one is welcome (none pending, the 30 days after a denial
 * over), the form. The free Discord ticket stays open as /appeal-process describes it.
 */
export default function AppealPage() {
  const { user, isSignedIn } = useCurrentUser();
  const mine = useMyAppeals(isSignedIn === true);
  const [sent, setSent] = useState(false);

  if (sent) return <AppealSent onBack={() => setSent(false)} />;
  const latest = mine.data?.[0];
  const formAllowed = !latest || (latest.status !== 'pending' && !stillWaiting(latest));
  return (
    <div className="pb-16">
      <PageHeading
        title="Ban Appeal"
        description="Ask the team to review a ban: on this website, in the store or on the game server."
      />
      <div className="mx-auto grid max-w-3xl gap-6 px-4">
        {user?.ban && <BannedBanner ban={user.ban} />}
        {latest && <AppealStatus appeal={latest} />}
        <NotAppealable />
        {(isSignedIn === undefined || (isSignedIn && mine.isPending)) && <Spinner />}
        {isSignedIn === false && (
          <div className="rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-center">
            <p className="text-slate-200">Sign in with Discord to appeal a ban.</p>
            <a
              href={`${paths.discordSignIn}?returnTo=${encodeURIComponent(paths.appeal)}`}
              className="mt-4 inline-block rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400"
            >
              Sign in with Discord
            </a>
          </div>
        )}
        {user && mine.isSuccess && formAllowed && <AppealForm user={user} onSent={() => setSent(true)} />}
        <p className="text-sm text-slate-300">
          You can also appeal for free with a ticket in our Discord community, as the{' '}
          <Link to={paths.appealProcess} className="text-moss-300 underline">
            ban appeal process
          </Link>{' '}
          describes.
        </p>
      </div>
    </div>
  );
}

/** The ban the session carries: what it was for, since when, and that it can be appealed here. */
function BannedBanner({ ban }: { ban: NonNullable<CurrentUser['ban']> }) {
  return (
    <section
      aria-labelledby="banned-heading"
      data-testid="banned-banner"
      className="rounded-xl border border-red-500/60 bg-red-950/50 p-5 text-red-100 sm:p-6"
    >
      <h2 id="banned-heading" className="flex items-center gap-2 font-display text-xl font-bold">
        <Gavel aria-hidden size={22} /> Your account is banned
      </h2>
      <p className="mt-2">
        Banned since {day(ban.since)}
        {ban.reason ? (
          <>
            {' '}
            for: <strong data-testid="ban-reason">{ban.reason}</strong>
          </>
        ) : (
          '.'
        )}
      </p>
      <p className="mt-2">
        While the ban lasts, this page is the only part of {brand.name} you can use. You can appeal the ban below; if
        the appeal is approved, the whole site opens again.
      </p>
    </section>
  );
}

function NotAppealable() {
  return (
    <section aria-labelledby="not-appealable" className="rounded-xl border border-bayou-700 bg-bayou-900 p-5">
      <h2 id="not-appealable" className="font-semibold text-gold-400">
        Offences that cannot be appealed
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-300">
        {NON_APPEALABLE_OFFENCES.map((offence) => (
          <li key={offence.value}>{offence.label}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-300">
        If several of your characters were banned for the same violation, each needs its own appeal: send one at a time,
        the next once the team has decided the one before.
      </p>
    </section>
  );
}

/** Where the player's latest appeal stands, and what happens next. */
function AppealStatus({ appeal }: { appeal: MyApplication }) {
  const onDiscord = useAppealDecisionsOnDiscord() === true;
  if (appeal.status === 'pending')
    return (
      <OpenApplicationStatus
        title="Your ban appeal"
        application={appeal}
        reviewTime="The team reviews appeals within 7-14 days."
        onDiscord={onDiscord}
        byDiscord="We will tell you on Discord, and the decision will show on this page."
        onTheSite="The decision will show on this page."
      >
        <p>There is no need to appeal again while this one is open.</p>
      </OpenApplicationStatus>
    );
  if (appeal.status === 'approved')
    return (
      <ApplicationStatusCard
        title="Your latest ban appeal"
        application={appeal}
        tone="approved"
        summary="It was approved."
        next="What happens next"
      >
        <p>
          A ban on this website is lifted: every page is open to you again. A store or game-server ban is lifted by the
          team where it was made.
        </p>
      </ApplicationStatusCard>
    );
  if (appeal.status === 'closed')
    return (
      <ApplicationStatusCard
        title="Your latest ban appeal"
        application={appeal}
        tone="waiting"
        summary="It was closed without a decision: the ban it was about was lifted or replaced."
        next="What happens next"
      >
        <p>If you are banned now and believe that ban is unfair, you can appeal it below.</p>
      </ApplicationStatusCard>
    );
  return (
    <RefusedApplicationStatus
      title="Your latest ban appeal"
      application={appeal}
      summary="It was denied."
      meanwhile={(from) => <>You can send a new appeal from {from}.</>}
    />
  );
}

function AppealForm({ user, onSent }: { user: CurrentUser; onSent: () => void }) {
  const submit = useSubmitAppeal();
  return (
    <ApplicationForm
      kind={appealKind}
      label="Ban appeal"
      applicant={user}
      submission={submit}
      texts={texts}
      submitLabel="Send Appeal"
      onSubmitted={onSent}
    />
  );
}

/** In place of the form once it was sent: from its top, focus on its heading. */
function AppealSent({ onBack }: { onBack: () => void }) {
  const onDiscord = useAppealDecisionsOnDiscord() === true;
  const heading = useFocusedHeading<HTMLHeadingElement>();
  return (
    <section aria-labelledby="appeal-sent" className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`Ban Appeal Sent | ${brand.name}`}</title>
      <CheckCircle2 aria-hidden size={56} className="mx-auto text-moss-400" />
      <h1
        id="appeal-sent"
        ref={heading}
        tabIndex={-1}
        className="mt-4 scroll-mt-24 font-display text-3xl font-bold text-gold-400"
      >
        Appeal Sent
      </h1>
      <p className="mt-3 text-slate-300">
        The team will review your appeal within 7-14 days
        {onDiscord ? ' and tell you on Discord' : ''}; its status and the decision show on the appeal page.
      </p>
      <button
        type="button"
        onClick={onBack}
        className="mt-8 rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        See Your Appeal
      </button>
    </section>
  );
}
