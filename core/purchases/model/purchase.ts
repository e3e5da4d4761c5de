import type { PurchaseGift } from './gift.ts';
import type { WithdrawalConsent } from './withdrawal-consent.ts';

/**
 * `underpaid`: the provider reported a payment below the price that no coupon or gift card it reported explains;
 * it is held for staff (no tokens, no role) instead of completed.
 */
export const PURCHASE_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'disputed', 'underpaid'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const CURRENCY = 'usd';

/** Who takes the money: the offline demo gateway, Stripe, or Tebex (FiveM's licensed store). */
export const PAYMENT_GATEWAYS = ['demo', 'stripe', 'tebex'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** How many checkouts (distinct products or options) a buyer may have waiting for payment at once. */
export const MAX_OPEN_CHECKOUTS = 5;

/** A checkout still unpaid this long after it started is abandoned: it no longer counts as open and is never reused. */
export const CHECKOUT_ABANDONED_AFTER_HOURS = 24;
/**
 * The "checkout still open" cut-off, its one place: an unpaid checkout started at or after this instant is open
 * (awaiting payment, reused by the store, counted against MAX_OPEN_CHECKOUTS), one started before it abandoned: a
 * checkout is open while younger than CHECKOUT_ABANDONED_AFTER_HOURS. SQL takes the instant as a parameter.
 */
export const openCheckoutSince = (now: Date) =>
  new Date(now.getTime() - CHECKOUT_ABANDONED_AFTER_HOURS * 3_600_000 + 1);

/**
 * An unpaid checkout's time to be paid: past it the reconciler marks it failed (its payment never started, was
 * canceled, or waits for a card), and the coupon use it held is given back to other players.
 */
export const PAYMENT_WINDOW_MINUTES = 15;
/** checkouts started since then are within their time to be paid */
export const paymentWindowSince = (now: Date) => new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000);
/** why a checkout unpaid past its payment window is marked failed */
export const NO_PAYMENT_REASON = `No payment after ${PAYMENT_WINDOW_MINUTES} minutes.`;
/** why a checkout whose payment the provider does not know (another account or gateway since) is marked failed */
export const UNKNOWN_PAYMENT_REASON = 'The payment provider has no record of this payment.';

/** One attempt to buy one catalogue item; money in integer cents. */
export interface Purchase {
  id: string;
  userId: string;
  productType: string;
  productId: string;
  optionId: string | null;
  productName: string;
  priceCents: number;
  currency: string;
  /** what the ledger credits when the payment is confirmed */
  tokensGranted: number;
  /** what the ledger actually credited (0 until completed, and after a reversal) */
  tokensAwarded: number;
  buyerEmail: string | null;
  buyerDiscord: string | null;
  /** why the buyer was banned, as they told it: unban services only */
  banReason: string | null;
  paymentIntentId: string | null;
  /**
   * the provider's own id of the payment that paid it, where that is not the intent (a Tebex transaction): its
   * refunds and disputes name it. Absent or null until paid.
   */
  paymentReference?: string | null;
  /** what the provider actually took, in cents: null until paid (absent in hand-built values) */
  amountPaidCents?: number | null;
  status: PurchaseStatus;
  failureReason: string | null;
  /**
   * when the payment provider first reported a payment attempt on it (paid, declined, held, or being paid): the
   * mark of a purchase rather than a checkout only opened (decision 0078). Absent or null while none was reported.
   */
  paymentAttemptedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** the gateway the checkout was opened with (stored rows always name it; absent in hand-built values: demo) */
  gateway?: PaymentGatewayName;
  /** a month of a Priority Pass membership (or an upgrade's difference); absent or null for one-time purchases */
  billing?: PurchaseBilling | null;
  /** what took the price below the catalogue's (a sale, a coupon); absent or null when nothing did */
  discount?: PurchaseDiscount | null;
  /** the creator the buyer named at checkout; absent or null for none */
  creator?: PurchaseCreator | null;
  /** bought for another player; absent or null when bought for the buyer */
  gift?: PurchaseGift | null;
  /** the codes the provider reported on the payment that paid it (Tebex); absent or null where none reports them */
  providerCodes?: ProviderCodes | null;
  /** the buyer's consent to delivery at once, given before paying; absent or null on purchases made before it was asked */
  withdrawalConsent?: WithdrawalConsent | null;
}

/** The creator code and coupon codes a provider reported taking on a payment (Tebex's webhook), as it wrote them. */
export interface ProviderCodes {
  creatorCode: string | null;
  couponCodes: string[];
}

/**
 * Why a purchase costs less than the catalogue says: `priceCents` is what is charged, `listPriceCents` the
 * catalogue's price; the coupon, where there is one, lowered the sale price.
 */
export interface PurchaseDiscount {
  listPriceCents: number;
  sale: { id: string; name: string; percentOff: number } | null;
  coupon: {
    id: string;
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
    /** what the coupon took off this charge */
    cents: number;
    /** the monthly Priority Pass charges it lowers; null: every month */
    months: number | null;
  } | null;
}

/** The creator a buyer supports with a purchase: who, and the code as registered. */
export interface PurchaseCreator {
  id: string;
  code: string;
  /** the provider's word where the code is passed on to it (Tebex): accepted or refused; null where only the site records it */
  provider: 'accepted' | 'refused' | null;
}

export const BILLING_REASONS = ['start', 'renewal', 'upgrade'] as const;
export type BillingReason = (typeof BILLING_REASONS)[number];

/** What a membership payment pays for. */
export interface PurchaseBilling {
  reason: BillingReason;
  /** the provider's subscription; null only while the first month's checkout is being opened */
  subscriptionId: string | null;
  /** null until the first month is paid and the membership exists */
  membershipId: string | null;
  /** the month paid for (an upgrade: the month it was made in); null until the first month is paid */
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** What a change of a purchase's status may write; only the fields given are written. */
export type PurchaseChanges = Partial<
  Pick<
    Purchase,
    | 'status'
    | 'tokensAwarded'
    | 'failureReason'
    | 'paymentAttemptedAt'
    | 'completedAt'
    | 'amountPaidCents'
    | 'paymentReference'
    | 'gift'
    | 'creator'
    | 'providerCodes'
  >
> & {
  updatedAt: Date;
  /** the admin who made the change, recorded in the status history; null or absent for the buyer or the provider */
  changedBy?: string | null;
};

/** What the provider took for a purchase, and its own id of that payment (both optional). */
export interface PaymentTaken {
  amountPaidCents?: number;
  reference?: string;
  /** the codes the provider reported on the payment (Tebex) */
  codes?: ProviderCodes;
}

/** A payment still to be settled: the only states a payment's outcome may move. */
const UNSETTLED: readonly PurchaseStatus[] = ['pending', 'failed'];
/** the provider refunded it: anything but a dispute or an earlier refund */
const REFUNDABLE_BY_PROVIDER: readonly PurchaseStatus[] = ['pending', 'failed', 'completed', 'underpaid'];
/** a dispute reverses a refunded purchase too (the bank's word outranks ours) */
const DISPUTABLE: readonly PurchaseStatus[] = ['pending', 'failed', 'completed', 'refunded', 'underpaid'];

/**
 * What the payment writes besides its status: the provider's id of it, and the codes it reported. A creator the
 * buyer named is then marked as the provider took it: accepted when it reported that code, refused otherwise.
 */
function paidColumns(purchase: Purchase, paid: PaymentTaken): Partial<PurchaseChanges> {
  const columns: Partial<PurchaseChanges> = paid.reference ? { paymentReference: paid.reference } : {};
  if (!paid.codes) return columns;
  const reported = paid.codes.creatorCode?.toLowerCase() ?? null;
  const creator = purchase.creator;
  if (!creator) return { ...columns, providerCodes: paid.codes };
  const provider: PurchaseCreator['provider'] = reported === creator.code.toLowerCase() ? 'accepted' : 'refused';
  return { ...columns, providerCodes: paid.codes, creator: { ...creator, provider } };
}

/**
 * A purchase's status changes. Each answers what to write to the purchase as it stands, or null when it may not
 * move from its status: duplicates and late or early events then change nothing.
 */
export const PurchaseTransitions = {
  /**
   * pending or failed -> completed, its tokens awarded; `paid.amountPaidCents` defaults to the price. A gift is
   * delivered with it when its recipient has an account (`recipient`); else its tokens wait for them.
   */
  complete(purchase: Purchase, paid: PaymentTaken, now: Date, recipient?: GiftHolder | null): PurchaseChanges | null {
    if (!UNSETTLED.includes(purchase.status)) return null;
    const gift = purchase.gift && recipient ? delivered(purchase.gift, recipient, now) : null;
    return {
      status: 'completed',
      tokensAwarded: purchase.gift && !gift ? 0 : purchase.tokensGranted,
      ...(gift ? { gift } : {}),
      failureReason: null,
      paymentAttemptedAt: attemptedAt(purchase, now),
      completedAt: now,
      updatedAt: now,
      amountPaidCents: paid.amountPaidCents ?? purchase.priceCents,
      ...paidColumns(purchase, paid),
    };
  },

  /** pending or failed -> underpaid: held for staff with why, no tokens */
  hold(
    purchase: Purchase,
    paid: PaymentTaken & { amountPaidCents: number },
    reason: string,
    now: Date,
  ): PurchaseChanges | null {
    if (!UNSETTLED.includes(purchase.status)) return null;
    return {
      status: 'underpaid',
      failureReason: reason,
      paymentAttemptedAt: attemptedAt(purchase, now),
      updatedAt: now,
      amountPaidCents: paid.amountPaidCents,
      ...paidColumns(purchase, paid),
    };
  },

  /**
   * pending or failed -> failed with the last attempt's reason (the provider reported a payment attempt: a declined
   * card, a failed authentication, a renewal charge refused); a completed purchase stays completed
   */
  fail(purchase: Purchase, reason: string, now: Date): PurchaseChanges | null {
    if (!UNSETTLED.includes(purchase.status)) return null;
    return { status: 'failed', failureReason: reason, paymentAttemptedAt: attemptedAt(purchase, now), updatedAt: now };
  },

  /**
   * pending or failed -> failed, closed by the site with no payment attempt reported (replaced by another checkout,
   * unpaid past its payment window): an attempt recorded before still stands
   */
  close(purchase: Purchase, reason: string, now: Date): PurchaseChanges | null {
    if (!UNSETTLED.includes(purchase.status)) return null;
    return { status: 'failed', failureReason: reason, updatedAt: now };
  },

  /** a pending purchase the provider reports being paid (processing, authenticating, authorised): an attempt */
  attempting(purchase: Purchase, now: Date): PurchaseChanges | null {
    if (purchase.status !== 'pending' || purchase.paymentAttemptedAt) return null;
    return { paymentAttemptedAt: now, updatedAt: now };
  },

  /** -> refunded at the provider's word, or, `byAdmin`, only a completed purchase at an admin's */
  refund(purchase: Purchase, reason: string, now: Date, byAdmin?: { id: string | null }): PurchaseChanges | null {
    const from = byAdmin ? ['completed'] : REFUNDABLE_BY_PROVIDER;
    if (!from.includes(purchase.status)) return null;
    return reversed('refunded', purchase, reason, now, byAdmin?.id ?? null);
  },

  /** a completed gift waiting for its recipient's account -> delivered to that account, its tokens awarded */
  deliverGift(purchase: Purchase, recipient: GiftHolder, now: Date): PurchaseChanges | null {
    const gift = purchase.gift;
    if (purchase.status !== 'completed' || !gift || gift.deliveredAt) return null;
    return { tokensAwarded: purchase.tokensGranted, gift: delivered(gift, recipient, now), updatedAt: now };
  },

  /** -> disputed */
  dispute(purchase: Purchase, reason: string, now: Date): PurchaseChanges | null {
    if (!DISPUTABLE.includes(purchase.status)) return null;
    return reversed('disputed', purchase, reason, now, null);
  },
};

/** The account a gift is delivered to, and the name it then shows by. */
export interface GiftHolder {
  userId: string;
  name: string;
}

const delivered = (gift: PurchaseGift, to: GiftHolder, now: Date): PurchaseGift => ({
  ...gift,
  userId: to.userId,
  name: to.name,
  deliveredAt: now,
});

/** the first attempt's time: stored once recorded */
const attemptedAt = (purchase: Purchase, now: Date) => purchase.paymentAttemptedAt ?? now;

/** how a refund's or a dispute's reason is stored in `failureReason` */
const REVERSAL_PREFIX = { refunded: 'Refund: ', disputed: 'Dispute: ' } as const;

/** The reason given for a refund or a dispute, without its prefix; null for any other purchase. */
export function reversalReason(purchase: Pick<Purchase, 'status' | 'failureReason'>): string | null {
  if (purchase.status !== 'refunded' && purchase.status !== 'disputed') return null;
  const note = purchase.failureReason;
  if (note === null) return null;
  const prefix = REVERSAL_PREFIX[purchase.status];
  return note.startsWith(prefix) ? note.slice(prefix.length) : note;
}

/** a refund or a dispute (of money taken: an attempt): the tokens awarded are removed (the ledger's debit goes with it) */
function reversed(
  to: 'refunded' | 'disputed',
  purchase: Purchase,
  reason: string,
  now: Date,
  by: string | null,
): PurchaseChanges {
  const failureReason = `${REVERSAL_PREFIX[to]}${reason}`;
  return {
    status: to,
    tokensAwarded: 0,
    failureReason,
    paymentAttemptedAt: attemptedAt(purchase, now),
    updatedAt: now,
    changedBy: by,
  };
}
