import type { PricedItem } from '../../catalogue/model/product.ts';
import type { CheckoutPrice, CheckoutPricing } from '../../purchases/ports.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { Clock } from '../../shared/ports.ts';
import { type Coupon, isLimited, normalizeCode, openSince } from './coupon.ts';
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
    const now = this.clock.now();
    const sale = liveSaleFor(await this.promotions.liveSales(now), item.product, now);
    const code = couponCode ? normalizeCode(couponCode) : '';
    const coupon = code ? await this.usable(code, item, buyerId, now) : null;
    return priceItem(item, sale, coupon);
  }

  async price(item: PricedItem, buyerId: string, couponCode: string | undefined): Promise<CheckoutPrice> {
    const quote = await this.quote(item, buyerId, couponCode);
    return { priceCents: quote.totalCents, discount: discountOf(quote) };
  }

  async reserve(purchase: Purchase): Promise<void> {
    const reserved = purchase.discount?.coupon;
    if (!reserved) return;
    const coupon = await this.promotions.findCoupon(reserved.code);
    if (!coupon) throw new CouponUnknownError(reserved.code);
    const outcome = await this.promotions.redeem(
      coupon,
      { purchaseId: purchase.id, userId: purchase.userId, at: this.clock.now() },
      openSince(this.clock.now()),
    );
    if (outcome === 'used_up') throw CouponRefusals.usedUp(coupon.code);
    if (outcome === 'used_up_by_player') throw CouponRefusals.usedUpByPlayer(coupon.code, coupon.perPlayer ?? 0);
  }

  /** the coupon, when it applies to this item for this buyer now */
  private async usable(code: string, item: PricedItem, buyerId: string, now: Date): Promise<Coupon> {
    const coupon = await this.promotions.findCoupon(code);
    if (!coupon) throw new CouponUnknownError(code);
    if (coupon.disabledAt) throw CouponRefusals.disabled(code);
    if (coupon.startsAt && now < coupon.startsAt) throw CouponRefusals.notStarted(code, coupon.startsAt);
    if (coupon.expiresAt && now >= coupon.expiresAt) throw CouponRefusals.expired(code, coupon.expiresAt);
    if (!appliesTo(coupon, item.product)) throw CouponRefusals.wrongProduct(code, item.product.name);
    if (isLimited(coupon)) {
      const uses = await this.promotions.usesOf(coupon.id, buyerId, openSince(now));
      // a buyer whose open checkout holds a use sees the coupon as theirs: opening that checkout again reuses the
      // use, and another checkout is refused when its use is to be reserved (`reserve`, under the coupon's lock)
      if (uses.openByPlayer > 0) return coupon;
      if (coupon.maxUses !== null && uses.total >= coupon.maxUses) throw CouponRefusals.usedUp(code);
      if (coupon.perPlayer !== null && uses.byPlayer >= coupon.perPlayer)
        throw CouponRefusals.usedUpByPlayer(code, coupon.perPlayer);
    }
    return coupon;
  }
}
