import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '../shared/errors.ts';
import { formatUsd } from '../shared/money.ts';
import { PROVIDER_CONSOLES, PROVIDER_NAMES } from './model/payment-providers.ts';
import { CHECKOUT_ABANDONED_AFTER_HOURS, type PaymentGatewayName, type PurchaseStatus } from './model/purchase.ts';

export class PurchaseNotFoundError extends NotFoundError {
  constructor(reference: string) {
    super('PURCHASE_NOT_FOUND', `No purchase matches '${reference}'.`);
  }
}

export class PriceMismatchError extends ConflictError {
  constructor(sentCents: number, priceCents: number, name: string) {
    super(
      'PRICE_MISMATCH',
      `${name} costs ${formatUsd(priceCents)}, not ${formatUsd(sentCents)}. Reload the page to see the current price.`,
    );
  }
}

export class StoreBannedError extends ForbiddenError {
  constructor() {
    super(
      'STORE_BANNED',
      'Your account is banned from the store after a payment dispute. Open a ticket in our Discord if you think this is a mistake.',
    );
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

/** a payment taken but held for staff (underpaid, or a gift whose recipient was banned since the checkout) */
export class PurchaseHeldError extends ConflictError {
  constructor(reason: string | null) {
    super('PURCHASE_HELD', `Your payment is held for staff, who will contact you. ${reason ?? ''}`.trim());
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
    super(
      'PAYMENT_IN_PROGRESS',
      `Your payment for ${productName} is still being processed. Wait for it to finish before starting another checkout for it.`,
    );
  }
}

/** A refund where the gateway leaves refunds to the provider's own panel (Tebex): refused, saying where. */
export class RefundAtProviderError extends ConflictError {
  constructor(gateway: PaymentGatewayName) {
    const name = PROVIDER_NAMES[gateway];
    super(
      'REFUND_AT_PROVIDER',
      `This payment was taken by ${name}: refund it in ${PROVIDER_CONSOLES[gateway]}. The site removes the tokens and removes the role when ${name} reports the refund.`,
    );
  }
}

export class MembershipExistsError extends ConflictError {
  constructor(tierName: string) {
    super(
      'MEMBERSHIP_EXISTS',
      `You already hold the ${tierName} Priority Pass. Change tier from your account page instead of buying another.`,
    );
  }
}

export class WithdrawalConsentRequiredError extends DomainError {
  constructor() {
    super(
      'WITHDRAWAL_CONSENT_REQUIRED',
      'invalid',
      'Tick the box to agree that delivery starts straight away and that you lose your 14-day right of withdrawal once it has started.',
      [{ path: 'withdrawalConsent', message: 'Required' }],
    );
  }
}

export class WithdrawalConsentOutdatedError extends DomainError {
  constructor() {
    super(
      'WITHDRAWAL_CONSENT_OUTDATED',
      'invalid',
      'The wording of the withdrawal consent has changed. Reload the page, read it and tick the box again.',
      [{ path: 'withdrawalConsent', message: 'Outdated wording' }],
    );
  }
}

export class AgeDeclarationRequiredError extends DomainError {
  constructor() {
    super(
      'AGE_DECLARATION_REQUIRED',
      'invalid',
      "Before your first purchase, tell us that you are 18 or over, or that you have a parent's or guardian's consent.",
      [{ path: 'ageDeclaration', message: 'Required' }],
    );
  }
}
