import { day } from '@/lib/dates.ts';
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ApplicantMessage, type MyApplication } from '@/components/application-form/application-status.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { ConnectButton } from '@/features/server';

/** In place of the form once an application was approved: the server refuses another one. */
export function AlreadyWhitelisted({ application }: { application: MyApplication }) {
  // it can replace a long form scrolled to its end (a submit refused with 409), with no navigation to reset the scroll
  useEffect(() => window.scrollTo(0, 0), []);
  const approvedOn = application.reviewedAt ? ` on ${day(application.reviewedAt)}` : '';
  return (
    <section aria-labelledby="already-whitelisted" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{`Already Whitelisted | ${brand.name}`}</title>
      <ShieldCheck aria-hidden size={56} className="mx-auto text-moss-400" />
      <h1 id="already-whitelisted" className="mt-4 font-display text-3xl font-bold text-gold-400">
        You are already whitelisted.
      </h1>
      <p className="mt-3 text-slate-300">
        Your whitelist application was <strong data-testid="application-status">approved</strong>
        {approvedOn}. There is no need to apply again.
      </p>
      {application.applicantMessage && (
        <ApplicantMessage
          message={application.applicantMessage}
          className="mt-6 rounded-xl border border-moss-400/50 bg-bayou-900 p-5 text-left"
          captionClassName="text-moss-300"
          textClassName="text-slate-100"
        />
      )}
      <div className="mt-8 rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-left">
        <h2 className="font-semibold text-gold-400">What to do next</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-200">
          <li>Read the server rules before your first session.</li>
          <li>
            Start FiveM and connect to the server:
            <code className="mt-1 block w-fit max-w-full break-words rounded bg-bayou-950 px-2 py-1 text-moss-300">
              {brand.serverAddress}
            </code>
          </li>
          <li>
            Join our{' '}
            <a href={brand.discordInvite} target="_blank" rel="noopener noreferrer" className="text-moss-300 underline">
              Discord community
            </a>{' '}
            for announcements and support.
          </li>
        </ol>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ConnectButton className="w-full sm:w-auto" />
        <Link
          to={paths.serverRules}
          className="w-full rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400 sm:w-auto"
        >
          Read the Server Rules
        </Link>
        <Link
          to={paths.home}
          className="w-full rounded-md border border-bayou-600 px-5 py-2.5 font-semibold text-slate-100 hover:bg-bayou-800 sm:w-auto"
        >
          Return to Home
        </Link>
      </div>
    </section>
  );
}
