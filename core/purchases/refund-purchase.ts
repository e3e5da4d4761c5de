import { ConflictError, InvalidInputError } from '../shared/errors.ts';
import { PurchaseNotFoundError } from './errors.ts';
import type { Purchase } from './purchase.ts';
import type { PaymentGateway, PurchaseRepository } from './ports.ts';
import type { PurchaseSettlement } from './purchase-settlement.ts';
import type { MembershipCheckout } from './start-checkout.ts';

/** An admin refunds a completed purchase: the provider returns the money, then the tokens are taken back. */
export class RefundPurchase {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PurchaseSettlement,
    private readonly memberships: MembershipCheckout | null = null,
  ) {}

  /** `adminId`: the admin who asked, kept in the purchase's status history */
  async execute(input: { id: string; reason: string; adminId?: string }): Promise<Purchase> {
    const reason = input.reason.trim();
    if (reason.length < 3)
      throw new InvalidInputError('REASON_REQUIRED', 'Give the reason for the refund (at least 3 characters).');
    const purchase = await this.purchases.findById(input.id);
    if (!purchase) throw new PurchaseNotFoundError(input.id);
    if (purchase.status !== 'completed' || !purchase.paymentIntentId) {
      throw new ConflictError(
        'NOT_REFUNDABLE',
        `Only a completed purchase can be refunded; this one is ${purchase.status === 'pending' ? 'not paid' : purchase.status}.`,
      );
    }
    await this.gateway.refund(purchase.paymentIntentId, { idempotencyKey: `refund-${purchase.id}`, reason });
    // of two refunds sent at once only one moves the purchase; the other is told it is refunded already
    const refunded = await this.settlement.refundCompleted(purchase, reason, input.adminId);
    if (!refunded) throw new ConflictError('NOT_REFUNDABLE', 'This purchase has already been refunded.');
    if (refunded.billing) await this.memberships?.refunded(refunded);
    return refunded;
  }
}
