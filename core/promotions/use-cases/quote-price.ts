import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import { giftMonthsFor, giftPriced } from '../../purchases/model/gift.ts';
import { MEMBERSHIP_PRODUCT_TYPE } from '../../purchases/use-cases/start-checkout.ts';
import { DomainError } from '../../shared/errors.ts';
import type { PriceCheckout } from '../model/price-checkout.ts';
import type { PriceQuote } from '../model/pricing.ts';

/** A quote for the checkout page: the prices, and why the coupon was refused when it was. */
export interface CheckoutQuote {
  quote: PriceQuote;
  refusal: { code: string; message: string } | null;
}

export class QuotePrice {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly pricing: PriceCheckout,
  ) {}

  async execute(input: {
    productType: string;
    productId: string;
    optionId?: string;
    couponCode?: string;
    buyerId: string;
    /** a gifted Priority Pass's months, paid at once; absent for anything else */
    giftMonths?: number;
  }): Promise<CheckoutQuote> {
    const listed = this.catalogue.price(input.productId, input.productType, input.optionId);
    // checkout's own rule: a quote for months a gift cannot run is refused as the checkout would refuse it
    const months =
      input.giftMonths === undefined
        ? null
        : giftMonthsFor(listed.product.type, MEMBERSHIP_PRODUCT_TYPE, input.giftMonths);
    const item = giftPriced(listed, months);
    try {
      return { quote: await this.pricing.quote(item, input.buyerId, input.couponCode), refusal: null };
    } catch (error) {
      if (!(error instanceof DomainError) || !error.code.startsWith('COUPON_')) throw error;
      return {
        quote: await this.pricing.quote(item, input.buyerId, undefined),
        refusal: { code: error.code, message: error.message },
      };
    }
  }
}
