import type { Clock } from '../../shared/ports.ts';
import { type CouponWithUses, knownCoupon, openSince } from '../model/coupon.ts';
import type { PromotionRepository } from '../ports.ts';

export class ShowCoupon {
  constructor(
    private readonly coupons: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { code: string }): Promise<CouponWithUses> {
    return knownCoupon(input.code, async (code) =>
      (await this.coupons.listCoupons(openSince(this.clock.now()))).find((coupon) => coupon.code === code),
    );
  }
}
