import { useFlavourPhrase } from '@/features/flavour';

/** The shop's flavour line under a store page's heading. */
export function ShopPhrase() {
  const phrase = useFlavourPhrase('shop');
  return (
    <p className="mt-2 italic text-moss-300" data-testid="shop-phrase">
      {phrase}
    </p>
  );
}
