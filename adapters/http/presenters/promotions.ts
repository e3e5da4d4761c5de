import type { CouponWithUses } from '../../../core/promotions/model/coupon.ts';
import type { CheckoutQuote } from '../../../core/promotions/use-cases/quote-price.ts';
import type { ItemOnSale } from '../../../core/promotions/use-cases/list-items-on-sale.ts';
import { isLive, type Sale } from '../../../core/promotions/model/sale.ts';
import type { ProductType } from '../../../core/catalogue/model/product.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import {
  COUPON_STACKING_NOTE,
  type CouponDto,
  type ItemOnSaleDto,
  type QuoteDto,
  type SaleDto,
} from '../contract/promotions.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentQuote({ quote, refusal }: CheckoutQuote): QuoteDto {
  const { sale, coupon } = quote;
  return {
    listPrice: centsToDollars(quote.listPriceCents),
    sale: sale
      ? {
          name: sale.name,
          percentOff: sale.percentOff,
          price: centsToDollars(sale.priceCents),
          endsAt: sale.endsAt.toISOString(),
        }
      : null,
    coupon: coupon
      ? {
          code: coupon.code,
          percentOff: coupon.percentOff,
          amountOff: coupon.amountOffCents === null ? null : centsToDollars(coupon.amountOffCents),
          discount: centsToDollars(coupon.cents),
          months: coupon.months,
        }
      : null,
    total: centsToDollars(quote.totalCents),
    couponRefusal: refusal,
    stacking: COUPON_STACKING_NOTE,
  };
}

export function presentItemOnSale(item: ItemOnSale): ItemOnSaleDto {
  return {
    productType: item.productType as ProductType,
    productId: item.productId,
    optionId: item.optionId,
    price: centsToDollars(item.listPriceCents),
    salePrice: centsToDollars(item.salePriceCents),
    percentOff: item.percentOff,
    saleName: item.saleName,
    endsAt: item.endsAt.toISOString(),
  };
}

/** where a coupon stands at `now`: disabled, not started, expired, used up, or active */
function couponState(coupon: CouponWithUses, now: Date): CouponDto['state'] {
  if (coupon.disabledAt) return 'disabled';
  if (coupon.startsAt && now < coupon.startsAt) return 'scheduled';
  if (coupon.expiresAt && now >= coupon.expiresAt) return 'expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'used_up';
  return 'active';
}

export function presentCoupon(coupon: CouponWithUses, now: Date): CouponDto {
  return {
    code: coupon.code,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOffCents === null ? null : centsToDollars(coupon.amountOffCents),
    productIds: coupon.productIds,
    productTypes: coupon.productTypes,
    maxUses: coupon.maxUses,
    perPlayer: coupon.perPlayer,
    uses: coupon.uses,
    startsAt: iso(coupon.startsAt),
    expiresAt: iso(coupon.expiresAt),
    months: coupon.months,
    state: couponState(coupon, now),
    disabledAt: iso(coupon.disabledAt),
    createdAt: coupon.createdAt.toISOString(),
  };
}

export function presentSale(sale: Sale, now: Date): SaleDto {
  return {
    id: sale.id,
    name: sale.name,
    percentOff: sale.percentOff,
    productIds: sale.productIds,
    productTypes: sale.productTypes,
    startsAt: sale.startsAt.toISOString(),
    endsAt: sale.endsAt.toISOString(),
    state: isLive(sale, now) ? 'live' : now < sale.startsAt ? 'scheduled' : 'ended',
    createdAt: sale.createdAt.toISOString(),
  };
}
