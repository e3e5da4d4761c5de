import { useSearchParams } from 'react-router-dom';
import type { ProductDto, ProductTypeDto } from '@contract/catalogue.ts';
import { useProducts } from '@/features/catalogue';
import { readCheckoutData } from './checkout-data.ts';

const TYPES = new Set(['whitelist', 'gang', 'addon', 'unban']);

export interface CheckoutItem {
  product: ProductDto;
  option: ProductDto['options'][number] | null;
  name: string;
  /** dollars, from the catalogue */
  price: number;
  tokens: number;
}

/** What the payment page sells: from the query (type, id, option) or the local-storage hand-off, priced by the catalogue. */
export function useCheckoutItem() {
  const [params] = useSearchParams();
  const stored = params.get('type') ? null : readCheckoutData();
  const type = (params.get('type') ?? stored?.productType ?? '') as ProductTypeDto;
  const id = params.get('id') ?? stored?.productId ?? '';
  const optionId = params.get('option') ?? stored?.option ?? null;
  const known = TYPES.has(type);
  const products = useProducts(known ? type : 'whitelist');
  if (!known || !id) return { status: 'not_found' as const, type, id, optionId };
  if (products.isPending) return { status: 'loading' as const, type, id, optionId };
  if (products.error)
    return { status: 'error' as const, error: products.error, retry: () => products.refetch(), type, id, optionId };
  const product = products.data.find((candidate) => candidate.id === id || candidate.aliases.includes(id));
  if (!product) return { status: 'not_found' as const, type, id, optionId };
  if (product.options.length > 0) {
    const option = product.options.find((candidate) => candidate.id === optionId);
    if (!option) return { status: 'choose_option' as const, product, type, id, optionId };
    const item: CheckoutItem = {
      product,
      option,
      name: `${product.name} (${option.label})`,
      price: option.price,
      tokens: option.tokens,
    };
    return { status: 'ready' as const, item, type, id, optionId };
  }
  const item: CheckoutItem = {
    product,
    option: null,
    name: product.name,
    price: product.price ?? 0,
    tokens: product.tokens ?? 0,
  };
  return { status: 'ready' as const, item, type, id, optionId };
}
