/** What other features may use of this one; everything else here is its own. */
export { purchaseKeys } from './api/purchases.ts';
export { PurchaseDetailsDialog } from './components/purchase-details-dialog.tsx';
