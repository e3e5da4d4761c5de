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
