import type { PricedItem, Product, ProductType } from '../../catalogue/model/product.ts';
import { couponCents, percentOf } from '../../purchases/model/discount.ts';
import type { PurchaseDiscount } from '../../purchases/model/purchase.ts';
import type { Coupon } from './coupon.ts';
import { isLive, type Sale } from './sale.ts';

/** The price of an item now: the catalogue's, the live sale's, the coupon's, and the total charged. */
export interface PriceQuote {
  listPriceCents: number;
  sale: { id: string; name: string; percentOff: number; priceCents: number; endsAt: Date } | null;
  /** as a purchase records it: `cents` is what it takes off this charge */
  coupon: NonNullable<PurchaseDiscount['coupon']> | null;
  totalCents: number;
}

/** the products a coupon or a sale takes: those named by id or type, or every product when it names none */
export function appliesTo(
  target: { productIds: readonly string[]; productTypes: readonly ProductType[] },
  product: Product,
) {
  if (target.productIds.length === 0 && target.productTypes.length === 0) return true;
  return target.productIds.includes(product.id) || target.productTypes.includes(product.type);
}

/** the live sale that takes the most off this product at `now`, or null */
export function liveSaleFor(sales: readonly Sale[], product: Product, now: Date): Sale | null {
  let best: Sale | null = null;
  for (const sale of sales)
    if (isLive(sale, now) && appliesTo(sale, product) && (!best || sale.percentOff > best.percentOff)) best = sale;
  return best;
}

/**
 * The one pricing rule: the catalogue price, then the sale's percent off (while the sale is live), then the coupon
 * off what is left. The coupon is checked by the caller (its dates, uses and products).
 */
export function priceItem(item: PricedItem, sale: Sale | null, coupon: Coupon | null): PriceQuote {
  const listPriceCents = item.priceCents;
  const salePrice = sale ? listPriceCents - percentOf(listPriceCents, sale.percentOff) : listPriceCents;
  const off = coupon ? couponCents(coupon, salePrice) : 0;
  return {
    listPriceCents,
    sale: sale
      ? { id: sale.id, name: sale.name, percentOff: sale.percentOff, priceCents: salePrice, endsAt: sale.endsAt }
      : null,
    coupon: coupon
      ? {
          id: coupon.id,
          code: coupon.code,
          percentOff: coupon.percentOff,
          amountOffCents: coupon.amountOffCents,
          cents: off,
          months: coupon.months,
        }
      : null,
    totalCents: salePrice - off,
  };
}

/** what a purchase records of a quote; null when nothing lowered the price */
export function discountOf(quote: PriceQuote): PurchaseDiscount | null {
  if (!quote.sale && !quote.coupon) return null;
  const { sale, coupon } = quote;
  return {
    listPriceCents: quote.listPriceCents,
    sale: sale ? { id: sale.id, name: sale.name, percentOff: sale.percentOff } : null,
    coupon,
  };
}
