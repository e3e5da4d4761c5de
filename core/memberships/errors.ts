import { PROVIDER_NAMES } from '../purchases/model/payment-providers.ts';
import type { PaymentGatewayName } from '../purchases/model/purchase.ts';
import { ConflictError, DomainError, NotFoundError } from '../shared/errors.ts';

export class NoMembershipError extends NotFoundError {
  constructor(what = 'You have no Priority Pass membership.') {
    super('NO_MEMBERSHIP', what);
  }
}

export class MembershipNotFoundError extends NotFoundError {
  constructor(reference: string) {
    super('MEMBERSHIP_NOT_FOUND', `No membership matches '${reference}'.`);
  }
}

/** thrown by the store's checkout, which owns it */
export { MembershipExistsError } from '../purchases/errors.ts';

export class MembershipStateError extends ConflictError {
  constructor(code: string, message: string) {
    super(code, message);
  }
}

export class RenewalsNotRunHereError extends DomainError {
  constructor() {
    super(
      'RENEWALS_BY_PROVIDER',
      'conflict',
      'Renewals are charged by Stripe on this server; renew-due runs only with the demo gateway.',
    );
  }
}

/** Cancelling or changing tier where the gateway leaves it to the buyer at the provider (Tebex): refused, saying where. */
export class ManagedAtProviderError extends ConflictError {
  constructor(gateway: PaymentGatewayName) {
    const name = PROVIDER_NAMES[gateway];
    super(
      'MANAGED_AT_PROVIDER',
      `This Priority Pass is billed by ${name}: cancel it or change its tier from the link in your ${name} receipt email. The site follows the change as soon as ${name} reports it.`,
    );
  }
}
