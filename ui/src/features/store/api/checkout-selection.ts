import { readCheckoutData } from './checkout-data.ts';

/** What a payment page was asked to sell, before the catalogue prices it. */
export interface CheckoutSelection {
  type: string;
  id: string;
  optionId: string | null;
  /** an explicit link (query parameters) or the local-storage hand-off */
  source: 'link' | 'stored';
  /** dollars the link or the stored data showed, if any: never charged, only compared with the catalogue */
  shownPrice: number | null;
}

function dollars(value: string | number | null | undefined): number | null {
  const amount = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(amount) && amount > 0 ? amount : null;
}

/**
 * An explicit link always wins: `type`/`id`/`option` (the card page's links) or the order form's parameters
 * `productType`/`productId`/`price`. Only a page opened without either reads the stored hand-off.
 */
export function checkoutSelection(params: URLSearchParams): CheckoutSelection | null {
  const type = params.get('type') ?? params.get('productType');
  const id = params.get('id') ?? params.get('productId');
  if (type !== null || id !== null) {
    return {
      type: type ?? '',
      id: id ?? '',
      optionId: params.get('option') || null,
      source: 'link',
      shownPrice: dollars(params.get('price')),
    };
  }
  const stored = readCheckoutData();
  if (!stored) return null;
  return {
    type: stored.productType,
    id: stored.productId,
    optionId: stored.option || null,
    source: 'stored',
    shownPrice: dollars(stored.price),
  };
}

/** The link a selection stands for on the given payment page: reloads and sign-in return to the same item. */
export function selectionLink(
  pathname: string,
  selection: Pick<CheckoutSelection, 'type' | 'id' | 'optionId'>,
): string {
  const query = new URLSearchParams({ type: selection.type, id: selection.id });
  if (selection.optionId) query.set('option', selection.optionId);
  return `${pathname}?${query.toString()}`;
}
