import { CheckCircle2 } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { DecisionOnTheSite, useFocusedHeading } from '@/components/application-form/application-status.tsx';
import { useDecisionsOnDiscord } from '../api/applications.ts';

/** The second step says where the decision comes: by Discord message only where the site's bot sends one. */
const nextSteps = (onDiscord: boolean) => [
  'Our admins review your application.',
  onDiscord
    ? 'You get a Discord notification with the decision within 24-48 hours.'
    : 'Within 24-48 hours, the decision shows on this page and on your account page.',
  'If approved, you get access to the server.',
  'Meanwhile, join our Discord community and meet the locals.',
];

export function ApplicationConfirmation() {
  const navigate = useNavigate();
  const onDiscord = useDecisionsOnDiscord() === true;
  // it replaces the form scrolled to its submit button, with no navigation to reset the scroll
  const heading = useFocusedHeading<HTMLHeadingElement>();
  return (
    <section aria-labelledby="application-sent" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{`Application Submitted | ${brand.name}`}</title>
      <CheckCircle2 aria-hidden size={56} className="mx-auto text-moss-400" />
      <h1
        id="application-sent"
        ref={heading}
        tabIndex={-1}
        className="mt-4 scroll-mt-24 font-display text-3xl font-bold text-gold-400"
      >
        Application Submitted Successfully!
      </h1>
      <p className="mt-3 text-slate-300">
        Your application has been sent to our admins.{' '}
        {onDiscord ? (
          'You will receive a decision by Discord notification within 24-48 hours.'
        ) : (
          <>
            Their decision will show <DecisionOnTheSite /> within 24-48 hours.
          </>
        )}
      </p>
      <div className="mt-8 rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-left">
        <h2 className="font-semibold text-gold-400">Next steps</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-200">
          {nextSteps(onDiscord).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <a
          href={brand.discordInvite}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-block text-moss-300 underline"
        >
          Join the Discord community
        </a>
      </div>
      <button
        type="button"
        onClick={() => navigate(paths.home)}
        className="mt-8 rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Return to Home
      </button>
    </section>
  );
}
