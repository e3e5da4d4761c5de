import {
  Building2,
  Car,
  Code2,
  Crown,
  Gem,
  Headphones,
  Shield,
  Sparkles,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { signInPath } from '@/features/auth';
import { useFlavourPhrase } from '@/features/flavour';
import { LandingHero } from './landing-hero.tsx';
import { StatLabel, useServerFigures } from '@/features/server';
import { fulfilmentSentence, ROLE_DELIVERY } from '@contract/fulfilment.ts';

interface Card {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Each card's button signs in and then opens the store page it names. */
const storeCards: (Card & { action: string; to: string })[] = [
  {
    icon: Crown,
    title: 'Whitelist Access',
    text: 'Five levels of priority pass, from Bayou Basic to Voodoo Experience.',
    action: 'View Tiers',
    to: paths.priorityPass,
  },
  {
    icon: Users,
    title: 'Gang Packages',
    text: 'Three tiers of turf, uniforms and chains, from Starter Gang to Swamp Syndicate.',
    action: 'View Packages',
    to: paths.gangs,
  },
  {
    icon: Gem,
    title: 'Custom Add-ons',
    text: 'Tattoos, chains, vehicles, housing and character work made for you.',
    action: 'View Add-ons',
    to: paths.addons,
  },
];

const reasons: Card[] = [
  {
    icon: Zap,
    title: 'Discord Delivery',
    text: fulfilmentSentence(ROLE_DELIVERY),
  },
  {
    icon: Shield,
    title: 'Secure Payments',
    text: 'Card payments are processed securely over SSL; we never see your card number.',
  },
  {
    icon: Sparkles,
    title: 'Authentic Louisiana',
    text: 'Bayous, parishes and Cajun culture brought to life by a dedicated team.',
  },
  { icon: Headphones, title: '24/7 Support', text: 'Open a ticket on Discord any time and staff will help you out.' },
];

/** columns for as many figures as are shown (a figure neither measured nor set is left out) */
const FIGURE_COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-2 md:grid-cols-4'];

const assets: Card[] = [
  {
    icon: Building2,
    title: 'Custom Properties',
    text: 'Plantation homes, swamp shacks and city lofts across the parishes.',
  },
  {
    icon: Car,
    title: 'Unique Vehicles',
    text: 'Airboats, lifted trucks and classics you will not find on any other server.',
  },
  {
    icon: Code2,
    title: 'Custom Scripts',
    text: 'Jobs, gangs, fishing and crawfish boils written for this server alone.',
  },
];

function CardGrid({ cards, columns }: { cards: Card[]; columns: string }) {
  return (
    <ul className={`mx-auto mt-8 grid max-w-6xl gap-4 ${columns}`}>
      {cards.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-bayou-700 bg-bayou-900 p-6">
          <Icon aria-hidden className="text-moss-400" />
          <h3 className="mt-3 text-lg font-semibold text-gold-400">{title}</h3>
          <p className="mt-2 text-sm text-slate-300">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The stats strip, live from the server status: only this section re-renders when the status arrives or changes.
 * With no figure measured or set it is not drawn.
 */
function ServerFigures() {
  const stats = useServerFigures(['players', 'uptime', 'customVehicles', 'jobSystems']);
  if (stats.length === 0) return null;
  return (
    <section aria-label="Server figures" className="px-4 py-12">
      <dl className={`mx-auto grid max-w-5xl gap-6 text-center ${FIGURE_COLUMNS[stats.length] ?? ''}`}>
        {stats.map((stat) => (
          // the values share a top line and the labels (some with a mark or a second line) start under them
          <div key={stat.label} data-testid="landing-stat" className="flex flex-col items-center">
            <dt className="mt-1 text-sm uppercase tracking-wide text-slate-300">
              <StatLabel stat={stat} />
            </dt>
            <dd className="order-first font-display text-4xl font-bold text-moss-300">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The marketing landing for signed-out visitors. */
export function MarketingLanding() {
  const shopPhrase = useFlavourPhrase('shop');
  const loginPhrase = useFlavourPhrase('login');
  return (
    <div>
      <LandingHero />

      <section aria-labelledby="landing-store" className="px-4 py-14">
        <h2 id="landing-store" className="text-center font-display text-3xl font-bold text-gold-400">
          The Bayou Store
        </h2>
        <p className="mt-2 text-center italic text-slate-300">{shopPhrase}</p>
        <ul className="mx-auto mt-8 grid max-w-6xl gap-4 md:grid-cols-3">
          {storeCards.map(({ icon: Icon, title, text, action, to }) => (
            <li key={title} className="flex flex-col rounded-xl border border-bayou-700 bg-bayou-900 p-6">
              <Icon aria-hidden className="text-gold-400" size={32} />
              <h3 className="mt-3 text-xl font-semibold text-slate-50">{title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-300">{text}</p>
              <Tooltip content="Sign in with Discord to see prices and buy">
                <a
                  href={signInPath(to)}
                  className="mt-5 rounded-lg bg-bayou-700 px-4 py-2 text-center font-semibold text-moss-300 hover:bg-bayou-600"
                >
                  {action}
                </a>
              </Tooltip>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="landing-why" className="bg-bayou-900/60 px-4 py-14">
        <h2 id="landing-why" className="text-center font-display text-3xl font-bold text-gold-400">
          Why choose {brand.name}?
        </h2>
        <CardGrid cards={reasons} columns="sm:grid-cols-2 lg:grid-cols-4" />
      </section>

      <ServerFigures />

      <section aria-labelledby="landing-assets" className="bg-bayou-900/60 px-4 py-14">
        <h2 id="landing-assets" className="text-center font-display text-3xl font-bold text-gold-400">
          Exclusive Server Assets
        </h2>
        <CardGrid cards={assets} columns="md:grid-cols-3" />
      </section>

      <section aria-labelledby="landing-cta" className="px-4 py-16 text-center">
        <h2 id="landing-cta" className="font-display text-3xl font-bold text-slate-50">
          Ready to hit the bayou?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">
          Sign in with your Discord account to shop, apply and join the community.
        </p>
        <p className="mt-2 italic text-moss-300">{loginPhrase}</p>
        <Tooltip content="Sign in securely through Discord">
          <a
            href={signInPath(paths.home)}
            className="mt-6 inline-block rounded-lg bg-gold-500 px-8 py-3 font-semibold text-bayou-950 hover:bg-gold-400"
          >
            Login with Discord
          </a>
        </Tooltip>
      </section>
    </div>
  );
}
