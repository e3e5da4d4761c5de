import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '@contract/catalogue.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { stripeCheckoutPath } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { useProducts } from '@/features/catalogue';
import { buyButtonText } from '@/features/catalogue';
import { buyButton, ProductCard } from './product-card.tsx';
import { ShopPhrase } from './shop-phrase.tsx';

export default function AddonsPage() {
  const addons = useProducts('addon');
  return (
    <div className="pb-16">
      <PageHeading title="Add-ons" description="Tattoos, vehicles, chains and more to make your character yours.">
        <ShopPhrase />
      </PageHeading>
      <QueryState isPending={addons.isPending} error={addons.error} retry={() => addons.refetch()} />
      {addons.data && (
        <ul aria-label="Add-ons" className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-3">
          {addons.data.map((addon) => (
            <li key={addon.id} className="flex">
              <AddonCard addon={addon} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddonCard({ addon }: { addon: ProductDto }) {
  const navigate = useNavigate();
  const [option, setOption] = useState(addon.options[0]?.id);
  const multi = addon.options.length > 0;
  return (
    <ProductCard product={addon} price={multi ? undefined : formatPrice(addon.price ?? 0)}>
      {multi && (
        <fieldset className="mb-4">
          <legend className="text-sm font-semibold text-slate-200">Choose an option</legend>
          <div className="mt-2 grid gap-2">
            {addon.options.map((choice) => (
              <label
                key={choice.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-bayou-600 bg-bayou-950/60 px-3 py-2.5 text-sm text-slate-200 transition-colors hover:border-moss-400 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-500/10 has-[:checked]:text-slate-50"
              >
                <input
                  type="radio"
                  name={`${addon.id}-option`}
                  value={choice.id}
                  checked={option === choice.id}
                  onChange={() => setOption(choice.id)}
                  className="h-4 w-4 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-slate-400 checked:border-gold-400 checked:bg-[radial-gradient(circle,#e0b84a_40%,transparent_45%)]"
                />
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{choice.label}</span>
                  {choice.isPackage && (
                    <span className="rounded bg-moss-400/20 px-1.5 py-0.5 text-xs font-semibold text-moss-300">
                      Save $15+
                    </span>
                  )}
                </span>
                <span className="shrink-0 font-semibold text-gold-400">{formatPrice(choice.price)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <button
        type="button"
        className={buyButton}
        onClick={() => navigate(stripeCheckoutPath('addon', addon.id, multi ? option : undefined))}
      >
        {buyButtonText(addon)}
      </button>
    </ProductCard>
  );
}
