import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { catalogueScope } from '../model/catalogue-ids.ts';
import { type Coupon, createCouponSchema, type CreateCouponInput } from '../model/coupon.ts';
import { CouponExistsError, termsOf } from '../errors.ts';
import type { PromotionRepository } from '../ports.ts';

export class CreateCoupon {
  constructor(
    private readonly coupons: PromotionRepository,
    private readonly catalogue: Catalogue,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateCouponInput & { createdBy: string | null }): Promise<Coupon> {
    const terms = termsOf(createCouponSchema, input, 'INVALID_COUPON');
    const coupon: Coupon = {
      id: this.ids.next(),
      code: terms.code,
      percentOff: terms.percentOff ?? null,
      amountOffCents: terms.amountOffCents ?? null,
      ...catalogueScope(this.catalogue, terms),
      maxUses: terms.maxUses,
      perPlayer: terms.perPlayer,
      startsAt: terms.startsAt,
      expiresAt: terms.expiresAt,
      months: terms.months,
      disabledAt: null,
      createdBy: input.createdBy,
      createdAt: this.clock.now(),
    };
    if (!(await this.coupons.addCoupon(coupon))) throw new CouponExistsError(coupon.code);
    return coupon;
  }
}
