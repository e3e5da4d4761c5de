import { Check } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProductDto } from '@contract/catalogue.ts';
import { stripeCheckoutPath } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { buyButtonText, ProductIcon, SalePrice, useItemPrice } from '@/features/catalogue';
import { useFlavourPhrase } from '@/features/flavour';
import { BilledMonthly } from '@/features/membership';

const BUTTON =
  'flex w-full items-center justify-center rounded-lg px-3 py-2.5 text-center font-semibold leading-tight text-balance xl:min-h-[3.5rem] xl:py-2 xl:text-sm';

/**
 * `heldTier`: the tier of the player's live membership, if any: that card is theirs, the others are a tier change.
 * `signedIn`: the card names the date a membership bought today would renew; to a signed-out visitor the page is sent
 * as the build prerendered it, which cannot know the visitor's today, so it names none (the payment page does).
 */
export function TierCard({
  tier,
  heldTier = null,
  signedIn = false,
}: {
  tier: ProductDto;
  heldTier?: string | null;
  signedIn?: boolean;
}) {
  const navigate = useNavigate();
  const headingId = `tier-${tier.id}`;
  const phrase = useFlavourPhrase(tier.id);
  // a live sale lowers the first month (asked of the server once the page is in the browser: sales change by the clock)
  const { now, sale } = useItemPrice(tier);
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex w-full flex-col rounded-2xl border bg-bayou-900 p-6 xl:p-5 ${tier.popular ? 'border-gold-400 shadow-lg shadow-gold-500/20' : 'border-bayou-700'}`}
    >
      {heldTier === tier.id ? (
        <span
          className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-moss-400 px-3 py-1 text-xs font-bold uppercase text-bayou-950"
          data-testid="your-tier"
        >
          Your tier
        </span>
      ) : (
        tier.popular && (
          <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-gold-500 px-3 py-1 text-xs font-bold uppercase text-bayou-950">
            Most Popular
          </span>
        )
      )}
      <div className="text-moss-400">
        <ProductIcon product={tier} />
      </div>
      <h2 id={headingId} className="mt-3 font-display text-xl font-bold text-white">
        {tier.name}
      </h2>
      {sale ? (
        <SalePrice sale={sale} monthly className="mt-1" />
      ) : (
        <p className="mt-1 text-3xl font-extrabold text-gold-400" data-testid="price">
          {formatPrice(tier.price ?? 0)}
          <span className="text-sm font-medium text-slate-400">/month</span>
        </p>
      )}
      {tier.detail && <p className="mt-1 text-sm font-semibold text-moss-300">{tier.detail}</p>}
      <BilledMonthly className="mt-2" nextCharge={heldTier || !signedIn ? null : undefined} />
      <p className="mt-2 text-sm italic text-moss-300" data-testid="flavour-phrase">
        {phrase}
      </p>
      <p className="mt-3 text-sm text-slate-300">{tier.description}</p>
      <ul className="mt-4 mb-6 space-y-2 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden size={16} className="mt-0.5 shrink-0 text-moss-400" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {/* The footer sits at the card's bottom and every button is two lines tall, so the row's buttons line up. */}
      <div className="mt-auto">
        {heldTier ? (
          <Link
            to="/account#membership"
            className={`${BUTTON} ${heldTier === tier.id ? 'bg-bayou-800 text-white ring-1 ring-bayou-600 hover:bg-bayou-700' : 'bg-gold-500 text-bayou-950 hover:bg-gold-400'}`}
          >
            {heldTier === tier.id ? 'Manage membership' : `Change to ${tier.name}`}
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => navigate(stripeCheckoutPath('whitelist', tier.id))}
            className={`${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
          >
            {buyButtonText(tier, now)}
          </button>
        )}
      </div>
    </article>
  );
}
