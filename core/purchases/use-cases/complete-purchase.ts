import { ForbiddenError } from '../../shared/errors.ts';
import { PriceMismatchError, PurchaseClosedError, PurchaseHeldError, PurchaseNotFoundError } from '../errors.ts';
import type { Purchase } from '../model/purchase.ts';
import type { PaymentGateway, PurchaseRepository } from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';

export interface CompletePurchaseInput {
  buyerId: string;
  paymentIntentId: string;
  /** the price the page showed; checked against the purchase when sent */
  expectedPriceCents?: number;
}

/**
 * The buyer's page reports a successful payment. The provider is asked, never believed on the page's
 * word; the purchase completes once and a repeat answers the same.
 */
export class CompletePurchase {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PurchaseSettlement,
  ) {}

  async execute(input: CompletePurchaseInput): Promise<{ purchase: Purchase; tokensAwarded: number }> {
    const purchase = await this.purchases.findByPaymentIntent(input.paymentIntentId);
    if (!purchase) throw new PurchaseNotFoundError(input.paymentIntentId);
    if (purchase.userId !== input.buyerId)
      throw new ForbiddenError('NOT_YOUR_PURCHASE', 'This payment belongs to another account.');
    if (input.expectedPriceCents !== undefined && input.expectedPriceCents !== purchase.priceCents) {
      throw new PriceMismatchError(input.expectedPriceCents, purchase.priceCents, purchase.productName);
    }
    const settled =
      purchase.status === 'completed'
        ? purchase
        : await this.settlement.complete(purchase, await this.gateway.retrieveIntent(input.paymentIntentId));
    if (settled.status === 'underpaid') throw new PurchaseHeldError(settled.failureReason);
    if (settled.status !== 'completed') throw new PurchaseClosedError(settled.status);
    return { purchase: settled, tokensAwarded: settled.tokensAwarded };
  }
}
