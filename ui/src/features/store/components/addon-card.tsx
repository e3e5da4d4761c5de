import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '@contract/catalogue.ts';
import { stripeCheckoutPath } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { buyButtonText, useItemPrice } from '@/features/catalogue';
import { buyButton, ProductCard } from './product-card.tsx';

/** An add-on: one price, or a choice of options each at its own price (a sale's while one is live). */
export function AddonCard({ addon }: { addon: ProductDto }) {
  const navigate = useNavigate();
  const [option, setOption] = useState(addon.options[0]?.id);
  const multi = addon.options.length > 0;
  return (
    <ProductCard product={addon}>
      {(price) => (
        <>
          {multi && (
            <fieldset className="mb-4">
              <legend className="text-sm font-semibold text-slate-200">Choose an option</legend>
              <div className="mt-2 grid gap-2">
                {addon.options.map((choice) => (
                  <OptionChoice
                    key={choice.id}
                    addon={addon}
                    choice={choice}
                    checked={option === choice.id}
                    onChoose={() => setOption(choice.id)}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <button
            type="button"
            className={buyButton}
            onClick={() => navigate(stripeCheckoutPath('addon', addon.id, multi ? option : undefined))}
          >
            {buyButtonText(addon, price.now)}
          </button>
        </>
      )}
    </ProductCard>
  );
}

function OptionChoice({
  addon,
  choice,
  checked,
  onChoose,
}: {
  addon: ProductDto;
  choice: ProductDto['options'][number];
  checked: boolean;
  onChoose: () => void;
}) {
  const { now, sale } = useItemPrice(addon, choice.id);
  return (
    <label
      className="flex cursor-pointer items-center gap-3 rounded-lg border border-bayou-600 bg-bayou-950/60 px-3 py-2.5 text-sm text-slate-200 transition-colors hover:border-moss-400 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-500/10 has-[:checked]:text-slate-50"
      data-testid="option-choice"
    >
      <input
        type="radio"
        name={`${addon.id}-option`}
        value={choice.id}
        checked={checked}
        onChange={onChoose}
        className="h-4 w-4 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-slate-400 checked:border-gold-400 checked:bg-[radial-gradient(circle,#e0b84a_40%,transparent_45%)]"
      />
      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{choice.label}</span>
        {choice.isPackage && (
          <span className="rounded bg-moss-400/20 px-1.5 py-0.5 text-xs font-semibold text-moss-300">Save $15+</span>
        )}
      </span>
      <span className="flex shrink-0 flex-col items-end leading-tight">
        {sale && (
          <del className="text-xs text-slate-400" data-testid="option-list-price">
            <span className="sr-only">Was </span>
            {formatPrice(sale.price)}
          </del>
        )}
        <span className="font-semibold text-gold-400" data-testid="option-price">
          {sale && <span className="sr-only">Now </span>}
          {formatPrice(now ?? 0)}
        </span>
      </span>
    </label>
  );
}
