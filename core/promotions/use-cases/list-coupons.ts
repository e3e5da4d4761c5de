import type { Clock } from '../../shared/ports.ts';
import { type CouponWithUses, openSince } from '../model/coupon.ts';
import type { PromotionRepository } from '../ports.ts';

export class ListCoupons {
  constructor(
    private readonly coupons: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<CouponWithUses[]> {
    return this.coupons.listCoupons(openSince(this.clock.now()));
  }
}
