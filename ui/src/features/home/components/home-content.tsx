import { Clock, Crown, Gem, Headphones, Lock, ShieldCheck, Star, Users, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { fulfilmentSentence, ROLE_DELIVERY } from '@contract/fulfilment.ts';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { useFlavourPhrase } from '@/features/flavour';
import { QueuePlace } from '@/features/queue';
import { ConnectButton, StatLabel, useServerFigures } from '@/features/server';
import { useRecentPurchaseItems } from '@/features/store';
import { RecentPurchasesPanel } from './recent-purchases-panel.tsx';

interface StoreCard {
  to: string;
  title: string;
  tagline: string;
  icon: LucideIcon;
}

const heroCards: StoreCard[] = [
  { to: paths.priorityPass, title: 'Priority Pass', tagline: 'Five Level Whitelist Access', icon: Crown },
  { to: paths.gangs, title: 'Gang Applications', tagline: 'Starter Gang to Swamp Syndicate', icon: Users },
  { to: paths.addons, title: 'Add ons', tagline: 'Tattoos, Vehicles & More', icon: Gem },
];

const storeCards: StoreCard[] = [
  ...heroCards,
  { to: paths.unban, title: 'Unban Services', tagline: 'Appeal Services', icon: ShieldCheck },
];

const features = [
  {
    icon: Zap,
    title: 'Instant Access',
    // the tokens are what is instant; the roles take the catalogue's delivery time
    text: `Tokens are credited as soon as your payment clears. ${fulfilmentSentence(ROLE_DELIVERY)}`,
  },
  { icon: Lock, title: 'Secure Platform', text: 'Card payments over SSL; we never see your card number.' },
  { icon: Star, title: 'Premium Quality', text: 'Custom scripts, vehicles and properties built for this server.' },
  { icon: Headphones, title: '24/7 Support', text: 'Open a Discord ticket any time and staff will help.' },
];

/** columns for as many figures as are shown (a figure neither measured nor set is left out) */
const FIGURE_COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3'];

const externalButton = 'rounded-lg px-6 py-3 font-semibold';

/** The home page for signed-in players. */
export function HomeContent() {
  const featurePhrase = useFlavourPhrase('features');
  const recentPurchases = useRecentPurchaseItems();
  const stats = useServerFigures(['players', 'members', 'uptime']);
  return (
    <div className="pb-24">
      <p className="bg-gold-500 px-4 py-2 text-center text-sm font-semibold text-bayou-950">
        Welcome to the Official {brand.name} Website
      </p>

      <section
        aria-labelledby="home-title"
        className="bg-gradient-to-b from-bayou-800 to-bayou-950 px-4 pb-12 pt-12 text-center"
      >
        <QueuePlace className="mx-auto mb-10 max-w-3xl" />
        <h1 id="home-title" className="font-display text-4xl font-bold text-gold-400 sm:text-5xl">
          {brand.name}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
          We offer 5 levels of priority pass, delivered via Discord
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ConnectButton />
          <a
            href={brand.discordInvite}
            target="_blank"
            rel="noopener noreferrer"
            className={`${externalButton} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
          >
            Join Community
          </a>
          <a
            href={brand.youtube}
            target="_blank"
            rel="noopener noreferrer"
            className={`${externalButton} border border-moss-400 text-moss-300 hover:bg-bayou-800`}
          >
            Watch Trailer
          </a>
        </div>
        <ul aria-label="Featured" className="mx-auto mt-10 grid max-w-5xl gap-4 sm:grid-cols-3">
          {heroCards.map(({ to, title, tagline, icon: Icon }) => (
            <li key={to}>
              <Tooltip content={tagline}>
                <Link
                  to={to}
                  className="flex h-full flex-col items-center rounded-xl border border-bayou-600 bg-bayou-900/80 p-5 hover:border-gold-400"
                >
                  <Icon aria-hidden className="text-gold-400" size={30} />
                  <span className="mt-2 text-lg font-semibold text-slate-50">{title}</span>
                  <span className="mt-1 text-sm text-slate-300">{tagline}</span>
                </Link>
              </Tooltip>
            </li>
          ))}
        </ul>
      </section>

      {/* The figures are drawn above the folded Recent Purchases button (z-10): scrolled past it, the Online/Offline
          mark passes over the button rather than under it. The header (z-40) and the open panel (z-30) stay above. */}
      {stats.length > 0 && (
        <section aria-label="Server figures" className="relative z-20 bg-bayou-950 px-4 py-8">
          {/* Each figure is a column: the values share a top line and the labels start under them at the same height. */}
          <dl className={`mx-auto grid max-w-3xl gap-2 text-center sm:gap-4 ${FIGURE_COLUMNS[stats.length] ?? ''}`}>
            {stats.map((stat) => (
              <div key={stat.label} data-testid="home-stat" className="flex flex-col items-center">
                <dt className="mt-1 text-xs uppercase leading-snug tracking-wide text-slate-300 sm:text-sm">
                  <StatLabel stat={stat} />
                </dt>
                <dd className="order-first font-display text-2xl font-bold leading-none text-moss-300 tabular-nums sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section aria-labelledby="home-store" className="px-4 py-10">
        <h2 id="home-store" className="text-center font-display text-3xl font-bold text-gold-400">
          Explore Our Store
        </h2>
        <p className="mt-2 text-center italic text-slate-300">{featurePhrase}</p>
        <ul aria-label="Store sections" className="mx-auto mt-8 grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {storeCards.map(({ to, title, tagline, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col rounded-xl border border-bayou-700 bg-bayou-900 p-6 hover:border-gold-400"
              >
                <Icon aria-hidden className="text-moss-400" size={28} />
                <span className="mt-3 text-lg font-semibold text-slate-50">{title}</span>
                <span className="mt-1 text-sm text-slate-300">{tagline}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Why players choose us" className="px-4 py-10">
        <ul className="mx-auto grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-bayou-700 bg-bayou-900/60 p-5 text-center">
              <Icon aria-hidden className="mx-auto text-gold-400" />
              <h2 className="mt-2 font-semibold text-slate-50">{title}</h2>
              <p className="mt-1 text-sm text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <p className="flex items-center justify-center gap-2 px-4 text-sm text-slate-300">
        <Clock aria-hidden size={16} /> {fulfilmentSentence(ROLE_DELIVERY)}
      </p>

      <RecentPurchasesPanel items={recentPurchases} />
    </div>
  );
}
