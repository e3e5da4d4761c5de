import { DomainError } from '../../shared/errors.ts';
import type { PaymentGateway, PaymentIntent } from '../ports.ts';
import type { PaymentGatewayName } from './purchase.ts';

/** each gateway as a buyer or an admin reads its name */
export const PROVIDER_NAMES: Record<PaymentGatewayName, string> = {
  stripe: 'Stripe',
  tebex: 'Tebex',
  demo: 'the demo gateway',
};

/** where the store owner acts on a payment at the provider itself */
export const PROVIDER_CONSOLES: Record<PaymentGatewayName, string> = {
  stripe: 'the Stripe Dashboard',
  tebex: 'the Tebex creator panel',
  demo: 'the demo gateway',
};

/**
 * The intent, or null when the provider has no record of it (another account or gateway since): such a payment can
 * never be made, and its checkout is closed with UNKNOWN_PAYMENT_REASON
 */
export function intentIfKnown(gateway: PaymentGateway, intentId: string): Promise<PaymentIntent | null> {
  return gateway.retrieveIntent(intentId).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  });
}
