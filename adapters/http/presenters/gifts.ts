import type { Purchase } from '../../../core/purchases/model/purchase.ts';
import type { GiftDto } from '../contract/payments.ts';

/** who a purchase was bought for; null when the buyer bought it for themself */
export function presentGift(purchase: Purchase): GiftDto | null {
  const gift = purchase.gift;
  return gift ? { name: gift.name, discordId: gift.discordId, months: gift.months } : null;
}
