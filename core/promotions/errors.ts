import { checkedInput } from '../shared/checked-input.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/errors.ts';

/** the terms an admin gave, checked by `schema`; refused (400) with every reason in one message */
export const termsOf = checkedInput;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Why a coupon code does not apply, each with a stable code and a message naming why. */
export class CouponUnknownError extends NotFoundError {
  constructor(code: string) {
    super('COUPON_UNKNOWN', `There is no coupon code ${code}. Check the spelling.`);
  }
}

export class CouponRefusedError extends ConflictError {}

export const CouponRefusals = {
  notStarted: (code: string, startsAt: Date) =>
    new CouponRefusedError('COUPON_NOT_STARTED', `The coupon code ${code} can be used from ${day(startsAt)}.`),
  expired: (code: string, expiresAt: Date) =>
    new CouponRefusedError('COUPON_EXPIRED', `The coupon code ${code} expired on ${day(expiresAt)}.`),
  disabled: (code: string) => new CouponRefusedError('COUPON_DISABLED', `The coupon code ${code} is no longer valid.`),
  usedUp: (code: string) =>
    new CouponRefusedError('COUPON_USED_UP', `The coupon code ${code} has been used as many times as it allows.`),
  usedUpByPlayer: (code: string, times: number) =>
    new CouponRefusedError(
      'COUPON_USED_UP_BY_YOU',
      `You have used the coupon code ${code} ${times === 1 ? 'once' : `${times} times`}, as many as it allows.`,
    ),
  wrongProduct: (code: string, productName: string) =>
    new CouponRefusedError('COUPON_WRONG_PRODUCT', `The coupon code ${code} does not apply to ${productName}.`),
};

export class CouponExistsError extends ConflictError {
  constructor(code: string) {
    super('COUPON_EXISTS', `A coupon with the code ${code} exists already.`);
  }
}

export class SaleNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('SALE_NOT_FOUND', `No sale has the id '${id}'.`);
  }
}

export class UnknownProductsError extends InvalidInputError {
  constructor(ids: readonly string[]) {
    super('UNKNOWN_PRODUCTS', `The catalogue has no product ${ids.join(', ')}.`, [
      { path: 'productIds', message: `Unknown: ${ids.join(', ')}` },
    ]);
  }
}
