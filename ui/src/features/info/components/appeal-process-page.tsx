import { Link } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

export const APPEAL_REQUIREMENTS = [
  'Your Discord username and Discord ID',
  'Your character name(s)',
  'The approximate date and time of the ban',
  'A detailed explanation of what happened',
  'Why you believe the ban was unfair',
];

export const NON_APPEALABLE = [
  'Harassment or doxxing',
  'Racist or hate speech',
  'Chargeback fraud',
  'Multiple serious violations',
  'Staff impersonation',
];

const card = 'flex flex-col rounded-xl border p-6';

export default function AppealProcessPage() {
  return (
    <InfoPage
      title="Ban Appeal Process"
      description="How to appeal a ban for free, what to include, and which offenses cannot be appealed."
    >
      <section
        aria-labelledby="appeal-online"
        className="mb-4 flex flex-col gap-3 rounded-xl border border-moss-400/50 bg-bayou-900 p-6 sm:flex-row sm:items-center"
      >
        <div className="flex-1">
          <h2 id="appeal-online" className="font-display text-xl font-bold text-moss-300">
            Appeal on This Website
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            Sign in with Discord and fill in the appeal form with the information below. You can follow its status on
            the same page; a banned account can still sign in to appeal.
          </p>
        </div>
        <Link
          to={paths.appeal}
          className="rounded-lg bg-moss-400 px-4 py-2 text-center font-semibold text-bayou-950 hover:bg-moss-300"
        >
          Appeal Online
        </Link>
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="appeal-free" className={`${card} border-moss-400/50 bg-bayou-900`}>
          <h2 id="appeal-free" className="font-display text-xl font-bold text-moss-300">
            Free Appeal
          </h2>
          <ol className="mt-3 flex-1 list-decimal space-y-1 pl-5 text-sm text-slate-300">
            <li>Join our Discord community.</li>
            <li>Create a ticket in the ban-appeals channel with the information below.</li>
            <li>Wait for staff review: free appeals take 7-14 days.</li>
          </ol>
          <a
            href={brand.discordInvite}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 rounded-lg bg-moss-400 px-4 py-2 text-center font-semibold text-bayou-950 hover:bg-moss-300"
          >
            Start Free Appeal
          </a>
        </section>
        <section aria-labelledby="appeal-paid" className={`${card} border-gold-400/50 bg-bayou-900`}>
          <h2 id="appeal-paid" className="font-display text-xl font-bold text-gold-400">
            Paid Unban Services
          </h2>
          <p className="mt-3 flex-1 text-sm text-slate-300">
            Need a faster review? Each paid unban service states its processing time on its card. They do not guarantee
            approval, and harassment or doxxing cases are not eligible.
          </p>
          <Link
            to={paths.unban}
            className="mt-5 rounded-lg bg-gold-500 px-4 py-2 text-center font-semibold text-bayou-950 hover:bg-gold-400"
          >
            View Unban Services
          </Link>
        </section>
      </div>
      <InfoSection title="Required Information">
        <ul>
          {APPEAL_REQUIREMENTS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection title="Non-Appealable Offenses">
        <ul>
          {NON_APPEALABLE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection title="Important Notes">
        <ul>
          <li>Final appeal decisions are made by senior staff and are binding.</li>
          <li>If several of your characters were banned for the same violation, each needs its own appeal.</li>
          <li>Be honest and respectful: appeals that are rude or untruthful are denied.</li>
          <li>Opening several tickets for the same ban does not speed up the review.</li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
