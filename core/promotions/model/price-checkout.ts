import type { PricedItem } from '../../catalogue/model/product.ts';
import type { CheckoutPrice, CheckoutPricing } from '../../purchases/ports.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { Clock } from '../../shared/ports.ts';
import { type Coupon, isLimited, normalizeCode, openSince, redemptionFor } from './coupon.ts';
import { CouponRefusals, CouponUnknownError } from '../errors.ts';
import type { PromotionRepository } from '../ports.ts';
import { discountOf, liveSaleFor, type PriceQuote, priceItem, appliesTo } from './pricing.ts';

/**
 * Prices checkouts for the store: the live sale, then the buyer's coupon, each checked by the clock and the
 * coupon's limits. A coupon's use is reserved for the purchase when its checkout opens (`reserve`), and given back when
 * that checkout fails or its payment window (PAYMENT_WINDOW_MINUTES) passes unpaid.
 */
export class PriceCheckout implements CheckoutPricing {
  constructor(
    private readonly promotions: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  /** the price now; throws why the coupon does not apply */
  async quote(item: PricedItem, buyerId: string, couponCode: string | undefined): Promise<PriceQuote> {
    return (await this.priced(item, buyerId, couponCode, true)).quote;
  }

  async price(item: PricedItem, buyerId: string, couponCode: string | undefined): Promise<CheckoutPrice> {
    // the uses are counted once, when the checkout keeps one (reserve), under the coupon's lock
    const { quote, coupon } = await this.priced(item, buyerId, couponCode, false);
    return {
      priceCents: quote.totalCents,
      discount: discountOf(quote),
      ...(coupon ? { couponLimits: { maxUses: coupon.maxUses, perPlayer: coupon.perPlayer } } : {}),
    };
  }

  async reserve(purchase: Purchase, priced?: CheckoutPrice): Promise<void> {
    const reserved = purchase.discount?.coupon;
    if (!reserved) return;
    const limits =
      priced?.couponLimits && priced.discount?.coupon?.id === reserved.id
        ? priced.couponLimits
        : await this.promotions.findCoupon(reserved.code);
    if (!limits) throw new CouponUnknownError(reserved.code);
    const now = this.clock.now();
    const outcome = await this.promotions.redeem(
      reserved.id,
      { purchaseId: purchase.id, userId: purchase.userId, at: now },
      isLimited(limits) ? { openSince: openSince(now), decide: (uses) => redemptionFor(limits, uses) } : null,
    );
    if (outcome === 'used_up') throw CouponRefusals.usedUp(reserved.code);
    if (outcome === 'used_up_by_player') throw CouponRefusals.usedUpByPlayer(reserved.code, limits.perPlayer ?? 0);
  }

  private async priced(
    item: PricedItem,
    buyerId: string,
    couponCode: string | undefined,
    countUses: boolean,
  ): Promise<{ quote: PriceQuote; coupon: Coupon | null }> {
    const now = this.clock.now();
    const sale = liveSaleFor(await this.promotions.liveSales(now), item.product, now);
    const code = couponCode ? normalizeCode(couponCode) : '';
    const coupon = code ? await this.usable(code, item, buyerId, now, countUses) : null;
    return { quote: priceItem(item, sale, coupon), coupon };
  }

  /** the coupon, when it applies to this item for this buyer now; its uses counted when `countUses` */
  private async usable(
    code: string,
    item: PricedItem,
    buyerId: string,
    now: Date,
    countUses: boolean,
  ): Promise<Coupon> {
    const coupon = await this.promotions.findCoupon(code);
    if (!coupon) throw new CouponUnknownError(code);
    if (coupon.disabledAt) throw CouponRefusals.disabled(code);
    if (coupon.startsAt && now < coupon.startsAt) throw CouponRefusals.notStarted(code, coupon.startsAt);
    if (coupon.expiresAt && now >= coupon.expiresAt) throw CouponRefusals.expired(code, coupon.expiresAt);
    if (!appliesTo(coupon, item.product)) throw CouponRefusals.wrongProduct(code, item.product.name);
    if (countUses && isLimited(coupon)) {
      const uses = await this.promotions.usesOf(coupon.id, buyerId, openSince(now));
      // a buyer whose open checkout holds a use sees the coupon as theirs: opening that checkout again reuses the
      // use, and another checkout is refused when its use is to be reserved (`reserve`, under the coupon's lock)
      const outcome = redemptionFor(coupon, { ...uses, reserved: uses.openByPlayer > 0 });
      if (outcome === 'used_up') throw CouponRefusals.usedUp(code);
      if (outcome === 'used_up_by_player') throw CouponRefusals.usedUpByPlayer(code, coupon.perPlayer ?? 0);
    }
    return coupon;
  }
}
