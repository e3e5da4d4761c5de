import { Link, useLocation } from 'react-router-dom';
import type { ProductDto } from '@contract/catalogue.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useItemPrice } from '@/features/catalogue';
import { formatPrice } from '@/lib/format.ts';
import { selectionLink } from '../api/checkout-selection.ts';
import type { CheckoutItem } from '../api/use-checkout-item.ts';

/** A payment page's heading while it cannot show the order yet (loading, or on its way to sign-in). */
export function CheckoutWaiting({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12 text-center">
      <h1 className="font-display text-2xl font-bold text-gold-400">{title}</h1>
      <p className="mt-2 text-slate-300">{message}</p>
      <Spinner label={message} />
    </div>
  );
}

/**
 * The link or stored data showed another price than the one charged now (`priceNow`: the server's, a live sale's when
 * one is on): that one is shown and charged.
 */
export function PriceChangedNote({ item, priceNow }: { item: CheckoutItem; priceNow: number | undefined }) {
  if (item.shownPrice === null || priceNow === undefined) return null;
  if (Math.round(item.shownPrice * 100) === Math.round(priceNow * 100)) return null;
  return (
    <p
      data-testid="price-changed"
      className="mt-3 rounded-md border border-gold-500/40 bg-gold-500/10 px-3 py-2 text-sm text-gold-300"
    >
      The price of {item.name} is now {formatPrice(priceNow)} (your link said {formatPrice(item.shownPrice)}). You pay{' '}
      {formatPrice(priceNow)}.
    </p>
  );
}

/** A multi-price add-on opened without its option: pick one, on the same payment page. */
export function ChooseOption({ product }: { product: ProductDto }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="font-display text-2xl font-bold text-gold-400">Choose your {product.name} option</h1>
      <ul className="mt-6 space-y-2">
        {product.options.map((option) => (
          <li key={option.id}>
            <Link
              to={selectionLink(pathname, { type: product.type, id: product.id, optionId: option.id })}
              className="flex justify-between gap-3 rounded-lg border border-bayou-700 bg-bayou-900 px-4 py-3 hover:border-gold-400"
            >
              <span>{option.label}</span>
              <OptionPrice product={product} optionId={option.id} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OptionPrice({ product, optionId }: { product: ProductDto; optionId: string }) {
  const { now, sale } = useItemPrice(product, optionId);
  return (
    <span className="shrink-0">
      {sale && (
        <del className="mr-2 text-sm text-slate-400">
          <span className="sr-only">Was </span>
          {formatPrice(sale.price)}
        </del>
      )}
      <span className="font-semibold text-gold-400">
        {sale && <span className="sr-only">Now </span>}
        {formatPrice(now ?? 0)}
      </span>
    </span>
  );
}
