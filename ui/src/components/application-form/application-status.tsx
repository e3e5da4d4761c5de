import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MyApplicationsDto } from '@contract/applications.ts';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { day } from '@/lib/dates.ts';

/** One of the applicant's own applications, as `GET .../mine` answers it. */
export type MyApplication = MyApplicationsDto['applications'][number];

/** The day a refused applicant may apply again, as the server counts it (UTC) and names it in its refusal. */
export const applyAgainDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** Whether the waiting time after a refused application still runs. */
export const stillWaiting = (application: MyApplication, now = Date.now()) =>
  application.applyAgainAt !== null && Date.parse(application.applyAgainAt) > now;

const TONES = {
  waiting: 'border-yellow-500/50 bg-yellow-950/40 text-yellow-100',
  approved: 'border-moss-400/60 bg-bayou-900 text-slate-100',
  refused: 'border-red-500/50 bg-red-950/40 text-red-100',
} as const;

/** What the reviewers wrote to the applicant, under its caption; the frame is the caller's. */
export function ApplicantMessage({
  message,
  className,
  captionClassName = '',
  textClassName = '',
}: {
  message: string;
  className: string;
  /** colours for the caption and the message, where the frame does not set them */
  captionClassName?: string;
  textClassName?: string;
}) {
  return (
    <figure className={className}>
      <figcaption className={`text-sm font-semibold ${captionClassName}`}>Message from the team</figcaption>
      <blockquote data-testid="applicant-message" className={`mt-1 whitespace-pre-line break-words ${textClassName}`}>
        {message}
      </blockquote>
    </figure>
  );
}

/** A link to the Discord invite, in a sentence about the community. */
export function DiscordCommunityLink() {
  return (
    <a href={brand.discordInvite} target="_blank" rel="noopener noreferrer" className="underline">
      Discord community
    </a>
  );
}

/**
 * Where a decision shows when no Discord message brings it (the site's bot is not configured): the application's
 * own page and the account page.
 */
export function DecisionOnTheSite() {
  return (
    <>
      on this page and on your{' '}
      <Link to={paths.account} className="underline">
        account page
      </Link>
    </>
  );
}

/**
 * Where the applicant's latest application stands: its status, its dates, the message the reviewer wrote them
 * and what to do next (the children).
 */
export function ApplicationStatusCard({
  title,
  application,
  tone,
  summary,
  next = 'What to do next',
  children,
}: {
  title: string;
  application: MyApplication;
  tone: keyof typeof TONES;
  /** a sentence on what the status means */
  summary?: string;
  /** the heading over the children */
  next?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border p-5 sm:p-6 ${TONES[tone]}`}>
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      <p className="mt-2">
        Submitted {day(application.createdAt)}. Status:{' '}
        <strong data-testid="application-status">{application.status.replace('_', ' ')}</strong>
        {application.reviewedAt && application.status !== 'pending' ? ` (updated ${day(application.reviewedAt)})` : ''}.
      </p>
      {summary && <p className="mt-1">{summary}</p>}
      {application.applicantMessage && (
        <ApplicantMessage
          message={application.applicantMessage}
          className="mt-4 rounded-lg border border-white/15 bg-black/20 p-4"
        />
      )}
      <div className="mt-4">
        <h3 className="text-sm font-semibold uppercase tracking-wide opacity-90">{next}</h3>
        <div className="mt-1 space-y-2">{children}</div>
      </div>
    </section>
  );
}

/**
 * An open application's card: how long a review takes, then how the decision reaches the applicant (a Discord
 * message too where the site's bot is set up, `onDiscord`), then what else to know (`children`).
 */
export function OpenApplicationStatus({
  title,
  application,
  reviewTime,
  onDiscord,
  byDiscord,
  onTheSite = (
    <>
      The decision will show <DecisionOnTheSite />.
    </>
  ),
  children,
}: {
  title: string;
  application: MyApplication;
  reviewTime: string;
  onDiscord: boolean;
  byDiscord: string;
  onTheSite?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ApplicationStatusCard title={title} application={application} tone="waiting" next="What happens next">
      <p>
        {reviewTime} {onDiscord ? byDiscord : onTheSite}
      </p>
      {children}
    </ApplicationStatusCard>
  );
}

/**
 * A refused application: until the waiting time is over, the day a new one is welcome and what to do meanwhile
 * (`meanwhile` gets that day, ready to show); after it, the form below is open again.
 */
export function RefusedApplicationStatus({
  title,
  application,
  summary,
  meanwhile,
}: {
  title: string;
  application: MyApplication;
  summary: string;
  meanwhile: (day: ReactNode) => ReactNode;
}) {
  const again = application.applyAgainAt;
  return (
    <ApplicationStatusCard title={title} application={application} tone="refused" summary={summary}>
      {again && stillWaiting(application) ? (
        <p>{meanwhile(<strong data-testid="apply-again-date">{applyAgainDay(again)}</strong>)}</p>
      ) : (
        <p>You can send a new application below.</p>
      )}
    </ApplicationStatusCard>
  );
}

/**
 * A screen that replaces a submitted form: shown from its top with focus on its heading, so the applicant (and a
 * screen reader) starts reading it there rather than wherever the long form had been scrolled to.
 */
export function useFocusedHeading<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return heading;
}
