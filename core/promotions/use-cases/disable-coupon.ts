import type { Clock } from '../../shared/ports.ts';
import { type Coupon, knownCoupon } from '../model/coupon.ts';
import type { PromotionRepository } from '../ports.ts';

export class DisableCoupon {
  constructor(
    private readonly coupons: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { code: string }): Promise<Coupon> {
    return knownCoupon(input.code, (code) => this.coupons.disableCoupon(code, this.clock.now()));
  }
}
