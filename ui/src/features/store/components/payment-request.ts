import type { CreatePaymentIntentRequest } from '@contract/payments.ts';
import type { CheckoutItem } from '../api/use-checkout-item.ts';
import { type GiftChoice, isPass } from './gift-fields.tsx';

/** The checkout's request before it is priced: `PricedPayment` adds the price and the coupon. */
export type PaymentRequest = Omit<CreatePaymentIntentRequest, 'amount' | 'price' | 'couponCode'>;

/**
 * The one way both checkout pages ask for a payment: the item, what the buyer gave (contact details, an unban's
 * details), the creator code they applied and the gift's recipient and months. Blank details are left out.
 */
export function paymentRequest(
  item: CheckoutItem,
  given: {
    buyerEmail?: string;
    buyerDiscord?: string;
    /** an unban's: sent even when blank, so the server names it as missing */
    banReason?: string;
    creatorCode: string | null;
    gift: GiftChoice;
  },
): PaymentRequest {
  const email = given.buyerEmail?.trim();
  const discord = given.buyerDiscord?.trim();
  const { gift } = given;
  return {
    productType: item.product.type,
    productId: item.product.id,
    productName: item.name,
    ...(item.option ? { option: item.option.id } : {}),
    ...(email ? { buyerEmail: email } : {}),
    ...(discord ? { buyerDiscord: discord } : {}),
    ...(given.banReason !== undefined ? { banReason: given.banReason.trim() } : {}),
    ...(given.creatorCode ? { creatorCode: given.creatorCode } : {}),
    // the server finds the recipient and prices a gifted pass's months
    ...(gift.on ? { giftTo: gift.to.trim(), ...(isPass(item) ? { giftMonths: gift.months } : {}) } : {}),
  };
}
