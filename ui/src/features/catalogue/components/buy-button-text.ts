import type { ProductDto } from '@contract/catalogue.ts';
import { formatPrice } from '@/lib/format.ts';

const GANG_BUTTONS: Record<string, string> = {
  'starter-gang': 'Start Your Gang',
  'hood-package': 'Claim Your Hood',
  'swamp-syndicate': 'Build Your Syndicate',
};

/**
 * The words on a product card's buy button. Add-ons follow docs/product.md#store-pages: 'Order Custom Tattoos', 'Order Services'
 * for the other multi-price items, else 'Purchase $price', at `priceNow`: the price the card shows (a sale's while
 * one is live, see useItemPrice).
 */
export function buyButtonText(
  product: Pick<ProductDto, 'type' | 'id' | 'name' | 'options'>,
  priceNow: number | null,
): string {
  const purchasePrice = `Purchase ${formatPrice(priceNow ?? 0)}`;
  switch (product.type) {
    case 'whitelist':
      return `Purchase ${product.name}`;
    case 'gang':
      return GANG_BUTTONS[product.id] ?? purchasePrice;
    case 'unban':
      return 'Purchase Unban';
    case 'addon':
      if (product.id === 'custom-tattoos') return 'Order Custom Tattoos';
      return product.options.length > 0 ? 'Order Services' : purchasePrice;
  }
}
