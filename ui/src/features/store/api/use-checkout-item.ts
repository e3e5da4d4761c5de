import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductDto, ProductTypeDto } from '@contract/catalogue.ts';
import { useProducts } from '@/features/catalogue';
import { clearCheckoutData, readCheckoutData } from './checkout-data.ts';
import { checkoutSelection, selectionLink, type CheckoutSelection } from './checkout-selection.ts';

const TYPES = new Set(['whitelist', 'gang', 'addon', 'unban']);

export interface CheckoutItem {
  product: ProductDto;
  option: ProductDto['options'][number] | null;
  name: string;
  /** dollars, the catalogue's list price; what is charged is the server's quote (a live sale lowers it) */
  price: number;
  tokens: number;
  /** what the link or stored data showed, if anything: never charged, only compared with the price now */
  shownPrice: number | null;
}

/**
 * Keeps the stored hand-off from outliving its use: a page opened from it takes its item into the address (so a
 * reload or a sign-in comes back to the same item) and forgets the stored copy; a page opened from a link forgets
 * any stored copy, which is either the same item or an abandoned one.
 */
function useSettleStoredSelection(selection: CheckoutSelection | null) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!selection) return;
    if (selection.source === 'stored') {
      navigate(selectionLink(location.pathname, selection), { replace: true });
      clearCheckoutData();
    } else if (readCheckoutData()) clearCheckoutData();
  }, [selection, navigate, location.pathname]);
}

/** What a payment page sells: from the link or the local-storage hand-off, priced by the catalogue. */
export function useCheckoutItem() {
  const [params] = useSearchParams();
  const selection = useMemo(() => checkoutSelection(params), [params]);
  useSettleStoredSelection(selection);
  const type = (selection?.type ?? '') as ProductTypeDto;
  const id = selection?.id ?? '';
  const optionId = selection?.optionId ?? null;
  const known = TYPES.has(type);
  const products = useProducts(known ? type : 'whitelist');
  const base = { type, id, optionId, selection };
  if (!selection) return { status: 'empty' as const, ...base };
  if (!known || !id) return { status: 'not_found' as const, ...base };
  if (products.isPending) return { status: 'loading' as const, ...base };
  if (products.error)
    return { status: 'error' as const, error: products.error, retry: () => products.refetch(), ...base };
  const product = products.data.find((candidate) => candidate.id === id || candidate.aliases.includes(id));
  if (!product) return { status: 'not_found' as const, ...base };
  if (product.options.length > 0) {
    const option = product.options.find((candidate) => candidate.id === optionId);
    if (!option) return { status: 'choose_option' as const, product, ...base };
    const item: CheckoutItem = {
      product,
      option,
      name: `${product.name} (${option.label})`,
      price: option.price,
      tokens: option.tokens,
      shownPrice: selection.shownPrice,
    };
    return { status: 'ready' as const, item, ...base };
  }
  const price = product.price ?? 0;
  const item: CheckoutItem = {
    product,
    option: null,
    name: product.name,
    price,
    tokens: product.tokens ?? 0,
    shownPrice: selection.shownPrice,
  };
  return { status: 'ready' as const, item, ...base };
}
