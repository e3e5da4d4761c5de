/** The local-storage hand-off (/unban and /checkout, docs/product.md#store-pages): what is about to be bought. */
export interface CheckoutData {
  productType: string;
  productId: string;
  productName: string;
  price: number;
  option?: string;
  buyerEmail?: string;
  buyerDiscord?: string;
}

export const CHECKOUT_STORAGE_KEY = 'checkoutData';

export function saveCheckoutData(data: CheckoutData): void {
  localStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(data));
}

export function readCheckoutData(): CheckoutData | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY) ?? 'null') as Partial<CheckoutData> | null;
    if (!parsed || typeof parsed.productType !== 'string' || typeof parsed.productId !== 'string') return null;
    return {
      productType: parsed.productType,
      productId: parsed.productId,
      productName: String(parsed.productName ?? ''),
      price: Number(parsed.price ?? 0),
      option: parsed.option,
    };
  } catch {
    return null;
  }
}

export function clearCheckoutData(): void {
  localStorage.removeItem(CHECKOUT_STORAGE_KEY);
}
