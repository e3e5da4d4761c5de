import { useDeferredValue } from 'react';
import { Headphones, ShieldCheck, Zap } from 'lucide-react';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useCurrentUser } from '@/features/auth';
import { useProducts } from '@/features/catalogue';
import { useFlavourPhrase } from '@/features/flavour';
import { useMyMembership } from '@/features/membership';
import { TierCard } from './tier-card.tsx';
import { fulfilmentSentence, ROLE_DELIVERY } from '@contract/fulfilment.ts';

const infoBlocks = [
  {
    icon: Zap,
    title: 'Discord Delivery',
    text: fulfilmentSentence(ROLE_DELIVERY),
  },
  {
    icon: ShieldCheck,
    title: 'Secure Purchase',
    text: 'Card payments are processed securely; we never see your card number.',
  },
  {
    icon: Headphones,
    title: '24/7 Support',
    text: 'Open a ticket in our Discord any time and staff will help you out.',
  },
];

export default function PriorityPassPage() {
  const tiers = useProducts('whitelist');
  // the cards are drawn as a transition, in slices the browser can answer input between, rather than in one long task
  const shownTiers = useDeferredValue(tiers.data);
  const shopPhrase = useFlavourPhrase('shop');
  const { user } = useCurrentUser();
  const membership = useMyMembership(Boolean(user));
  // a player with a live membership changes tier from the account page rather than buying a second one
  const heldTier = membership.data && membership.data.status !== 'ended' ? membership.data.tierId : null;
  return (
    <div className="pb-16">
      <PageHeading
        title="Priority Pass"
        description="Five levels of whitelist access. Pick your place in the bayou, cher."
      >
        <p className="mt-2 italic text-moss-300" data-testid="shop-phrase">
          {shopPhrase}
        </p>
      </PageHeading>
      {/* While the tiers load, hold a screen's height so the blocks below do not jump when the cards arrive. */}
      <div className={shownTiers ? undefined : 'min-h-screen'}>
        <QueryState isPending={!shownTiers && !tiers.error} error={tiers.error} retry={() => tiers.refetch()} />
      </div>
      {shownTiers && (
        <ul
          aria-label="Whitelist tiers"
          className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
        >
          {shownTiers.map((tier) => (
            <li key={tier.id} className="flex">
              <TierCard tier={tier} heldTier={heldTier} signedIn={Boolean(user)} />
            </li>
          ))}
        </ul>
      )}
      <section aria-label="Why buy here" className="mx-auto mt-12 grid max-w-5xl gap-4 px-4 md:grid-cols-3">
        {infoBlocks.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl border border-bayou-700 bg-bayou-900 p-5">
            <Icon aria-hidden className="text-moss-400" />
            <h2 className="mt-2 font-semibold text-gold-400">{title}</h2>
            <p className="mt-1 text-sm text-slate-300">{text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
