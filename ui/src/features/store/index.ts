/** What other features may use of this one; everything else here is its own. */
export { useRecentPurchaseItems } from './api/payments.ts';
export { PaymentSection } from './components/payment-section.tsx';
