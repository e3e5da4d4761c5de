import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProductDto } from '@contract/catalogue.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { formatPrice } from '@/lib/format.ts';
import { type ItemPrice, ProductIcon, SalePrice, useItemPrice, useSaleOnOptionsOf } from '@/features/catalogue';
import { useFlavourPhrase } from '@/features/flavour';

/**
 * A product card shared by the gang, add-on and unban pages; the action differs per page and is given the price the
 * card shows, so a button that names a price names that one.
 */
export function ProductCard({
  product,
  badge,
  children,
}: {
  product: ProductDto;
  badge?: string;
  children: (price: ItemPrice) => ReactNode;
}) {
  const headingId = `product-${product.id}`;
  // gang packages and unbans have their own phrases; an add-on falls back to the default phrase
  const phrase = useFlavourPhrase(product.id);
  const price = useItemPrice(product);
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex w-full flex-col rounded-2xl border bg-bayou-900 p-6 ${badge ? 'border-gold-400 shadow-lg shadow-gold-500/20' : 'border-bayou-700'}`}
    >
      {badge && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-gold-500 px-3 py-1 text-xs font-bold uppercase text-bayou-950">
          {badge}
        </span>
      )}
      <div className="text-moss-400">
        <ProductIcon product={product} />
      </div>
      <h2 id={headingId} className="mt-3 font-display text-xl font-bold text-white">
        {product.name}
      </h2>
      {/* a product sold only as one of its options has no one price: each option shows its own */}
      {product.options.length === 0 ? <CardPrice price={price} /> : <OptionsSaleNote productId={product.id} />}
      {product.detail && <p className="mt-1 text-sm font-semibold text-moss-300">{product.detail}</p>}
      <p className="mt-2 text-sm italic text-moss-300" data-testid="flavour-phrase">
        {phrase}
      </p>
      <p className="mt-3 text-sm text-slate-300">{product.description}</p>
      <ul className="mt-4 space-y-2 text-sm">
        {product.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden size={16} className="mt-0.5 shrink-0 text-moss-400" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">{children(price)}</div>
    </article>
  );
}

function CardPrice({ price }: { price: ItemPrice }) {
  if (price.sale) return <SalePrice sale={price.sale} className="mt-1" />;
  return (
    <p className="mt-1 text-3xl font-extrabold text-gold-400" data-testid="price">
      {formatPrice(price.now ?? 0)}
    </p>
  );
}

/** A sale on a product sold as options: one sale takes its percent off every option. */
function OptionsSaleNote({ productId }: { productId: string }) {
  const sale = useSaleOnOptionsOf(productId);
  if (!sale) return null;
  return (
    <div className="mt-1" data-testid="sale-note">
      <p className="flex flex-wrap items-baseline gap-2 text-sm text-slate-200">
        <span className="rounded-full bg-moss-400/20 px-2 py-0.5 text-xs font-bold text-moss-200">
          {sale.percentOff}% off
        </span>
        every option
      </p>
      <p className="mt-1 text-sm text-gold-300">Sale ends {dayAndTime(sale.endsAt)}</p>
    </div>
  );
}

export const buyButton = 'w-full rounded-lg bg-gold-500 px-4 py-2.5 font-semibold text-bayou-950 hover:bg-gold-400';
