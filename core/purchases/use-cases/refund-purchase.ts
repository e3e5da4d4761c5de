import { ConflictError, ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { PermissionHolder } from '../../users/model/permissions.ts';
import { ensureOutranks } from '../../users/model/ranks.ts';
import { PurchaseNotFoundError, RefundAtProviderError } from '../errors.ts';
import type { Purchase } from '../model/purchase.ts';
import type { MembershipCheckout, PaymentGateway, PurchaseRepository } from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';

/** The accounts a refund touches, read fresh for the rank rule: the admin who asks, the buyer, a gift's recipient. */
export interface RefundAccounts {
  findById(id: string): Promise<(PermissionHolder & { id: string }) | null>;
}

export interface RefundPurchaseDeps {
  purchases: PurchaseRepository;
  gateway: PaymentGateway;
  settlement: PurchaseSettlement;
  accounts: RefundAccounts;
  /** what a refunded membership month does to its membership; null: no memberships */
  memberships: MembershipCheckout | null;
}

/**
 * An admin refunds a completed purchase: the provider returns the money, then the tokens are removed. Nobody
 * refunds a purchase whose buyer or recipient holds a permission they lack (the rank rule, as for account actions).
 */
export class RefundPurchase {
  constructor(private readonly deps: RefundPurchaseDeps) {}

  /** `adminId`: the admin who asked (none: the terminal), recorded in the purchase's status history */
  async execute(input: { id: string; reason: string; adminId?: string }): Promise<Purchase> {
    const reason = input.reason.trim();
    if (reason.length < 3)
      throw new InvalidInputError('REASON_REQUIRED', 'Give the reason for the refund (at least 3 characters).');
    const purchase = await this.deps.purchases.findById(input.id);
    if (!purchase) throw new PurchaseNotFoundError(input.id);
    if (input.adminId) await this.ensureOutranksHolders(input.adminId, purchase);
    if (purchase.status !== 'completed' || !purchase.paymentIntentId) {
      throw new ConflictError(
        'NOT_REFUNDABLE',
        `Only a completed purchase can be refunded; this one is ${purchase.status === 'pending' ? 'not paid' : purchase.status}.`,
      );
    }
    const { refunds } = this.deps.gateway.capabilities;
    if (!refunds) throw new RefundAtProviderError(this.deps.gateway.mode);
    await refunds.refund(purchase.paymentIntentId, { idempotencyKey: `refund-${purchase.id}`, reason });
    // of two refunds sent at once only one moves the purchase; the other is told it is refunded already
    const refunded = await this.deps.settlement.refundCompleted(purchase, reason, input.adminId);
    if (!refunded) throw new ConflictError('NOT_REFUNDABLE', 'This purchase has already been refunded.');
    if (refunded.billing) await this.deps.memberships?.refunded(refunded);
    return refunded;
  }

  /** before the provider is asked: a refund sent cannot be undone */
  private async ensureOutranksHolders(adminId: string, purchase: Purchase): Promise<void> {
    const admin = await this.deps.accounts.findById(adminId);
    if (!admin) throw new ForbiddenError('PERMISSION_REQUIRED', 'This needs the "Issue refunds" permission.');
    for (const holderId of new Set([purchase.userId, purchase.gift?.userId ?? purchase.userId])) {
      const holder = await this.deps.accounts.findById(holderId);
      if (holder) ensureOutranks(admin, holder);
    }
  }
}
