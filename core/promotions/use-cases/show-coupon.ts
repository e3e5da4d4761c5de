import type { Clock } from '../../shared/ports.ts';
import { type CouponWithUses, normalizeCode, openSince } from '../model/coupon.ts';
import { CouponUnknownError } from '../errors.ts';
import type { PromotionRepository } from '../ports.ts';

export class ShowCoupon {
  constructor(
    private readonly coupons: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { code: string }): Promise<CouponWithUses> {
    const code = normalizeCode(input.code);
    const found = (await this.coupons.listCoupons(openSince(this.clock.now()))).find((c) => c.code === code);
    if (!found) throw new CouponUnknownError(code);
    return found;
  }
}
