import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '../shared/errors.ts';

export const PURCHASE_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'disputed'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const CURRENCY = 'usd';

/** How many checkouts (distinct products or options) a buyer may have waiting for payment at once. */
export const MAX_OPEN_CHECKOUTS = 5;

/** A checkout still unpaid this long after it started is abandoned: it no longer counts as open and is never reused. */
export const CHECKOUT_ABANDONED_AFTER_HOURS = 24;

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
  /** what the ledger actually credited (0 until completed, and after a take-back) */
  tokensAwarded: number;
  buyerEmail: string | null;
  buyerDiscord: string | null;
  paymentIntentId: string | null;
  status: PurchaseStatus;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export class PurchaseNotFoundError extends NotFoundError {
  constructor(reference: string) {
    super('PURCHASE_NOT_FOUND', `No purchase matches '${reference}'.`);
  }
}

export class PriceMismatchError extends ConflictError {
  constructor(sentCents: number, priceCents: number, name: string) {
    super('PRICE_MISMATCH', `${name} costs $${(priceCents / 100).toFixed(2)}, not $${(sentCents / 100).toFixed(2)}. Reload the page to see the current price.`);
  }
}

export class StoreBannedError extends ForbiddenError {
  constructor() {
    super('STORE_BANNED', 'Your account is banned from the store after a payment dispute. Open a ticket in our Discord if you think this is a mistake.');
  }
}

export class PaymentNotConfirmedError extends DomainError {
  constructor(reason: string) {
    super('PAYMENT_NOT_CONFIRMED', 'conflict', reason);
  }
}

export class PurchaseClosedError extends ConflictError {
  constructor(status: PurchaseStatus) {
    super('PURCHASE_CLOSED', `This purchase was ${status} and can no longer be completed.`);
  }
}

export class TooManyOpenCheckoutsError extends ConflictError {
  constructor(limit: number) {
    super(
      'TOO_MANY_OPEN_CHECKOUTS',
      `You have ${limit} checkouts waiting for payment. Finish paying for one of them before starting another; a checkout left unpaid lapses ${CHECKOUT_ABANDONED_AFTER_HOURS} hours after it was started.`,
    );
  }
}

export class PaymentInProgressError extends ConflictError {
  constructor(productName: string) {
    super('PAYMENT_IN_PROGRESS', `Your payment for ${productName} is still being processed. Wait for it to finish before starting another checkout for it.`);
  }
}
