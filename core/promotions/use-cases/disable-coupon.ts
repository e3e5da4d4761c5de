import type { Clock } from '../../shared/ports.ts';
import { type Coupon, normalizeCode } from '../model/coupon.ts';
import { CouponUnknownError } from '../errors.ts';
import type { PromotionRepository } from '../ports.ts';

export class DisableCoupon {
  constructor(
    private readonly coupons: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { code: string }): Promise<Coupon> {
    const code = normalizeCode(input.code);
    const coupon = await this.coupons.disableCoupon(code, this.clock.now());
    if (!coupon) throw new CouponUnknownError(code);
    return coupon;
  }
}
