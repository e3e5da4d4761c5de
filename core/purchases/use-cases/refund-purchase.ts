import type { PurchaseEffects, RoleAfterReversal } from '../effects.ts';
import { ConflictError, ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { PermissionHolder } from '../../users/model/permissions.ts';
import { ensureOutranks } from '../../users/model/ranks.ts';
import type { Clock } from '../../shared/ports.ts';
import { PurchaseNotFoundError, RefundAtProviderError } from '../errors.ts';
import type { Purchase } from '../model/purchase.ts';
import type { MembershipCheckout, MonthReversalEffect, PaymentGateway, PurchaseRepository } from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';

/** The accounts a refund touches, read fresh for the rank rule: the admin who asks, the buyer, a gift's recipient. */
export interface RefundAccounts {
  findById(id: string): Promise<(PermissionHolder & { id: string }) | null>;
}

/**
 * An admin refunds a completed purchase: the provider returns the money, then the tokens are removed. Nobody
 * refunds a purchase whose buyer or recipient holds a permission they lack (the rank rule, as for account actions).
 */
export class RefundPurchase {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PurchaseSettlement,
    private readonly accounts: RefundAccounts,
    private readonly memberships: MembershipCheckout | null = null,
  ) {}

  /** `adminId`: the admin who asked (none: the terminal), recorded in the purchase's status history */
  async execute(input: { id: string; reason: string; adminId?: string }): Promise<Purchase> {
    const reason = input.reason.trim();
    if (reason.length < 3)
      throw new InvalidInputError('REASON_REQUIRED', 'Give the reason for the refund (at least 3 characters).');
    const purchase = await this.purchases.findById(input.id);
    if (!purchase) throw new PurchaseNotFoundError(input.id);
    if (input.adminId) await this.ensureOutranksHolders(input.adminId, purchase);
    if (purchase.status !== 'completed' || !purchase.paymentIntentId) {
      throw new ConflictError(
        'NOT_REFUNDABLE',
        `Only a completed purchase can be refunded; this one is ${purchase.status === 'pending' ? 'not paid' : purchase.status}.`,
      );
    }
    const { refunds } = this.gateway.capabilities;
    if (!refunds) throw new RefundAtProviderError(this.gateway.mode);
    await refunds.refund(purchase.paymentIntentId, { idempotencyKey: `refund-${purchase.id}`, reason });
    // of two refunds sent at once only one moves the purchase; the other is told it is refunded already
    const refunded = await this.settlement.refundCompleted(purchase, reason, input.adminId);
    if (!refunded) throw new ConflictError('NOT_REFUNDABLE', 'This purchase has already been refunded.');
    if (refunded.billing) await this.memberships?.refunded(refunded);
    return refunded;
  }

  /** before the provider is asked: a refund sent cannot be undone */
  private async ensureOutranksHolders(adminId: string, purchase: Purchase): Promise<void> {
    const admin = await this.accounts.findById(adminId);
    if (!admin) throw new ForbiddenError('PERMISSION_REQUIRED', 'This needs the "Issue refunds" permission.');
    for (const holderId of new Set([purchase.userId, purchase.gift?.userId ?? purchase.userId])) {
      const holder = await this.accounts.findById(holderId);
      if (holder) ensureOutranks(admin, holder);
    }
  }
}

/** What refunding a purchase now would do besides returning the money, for the admin's confirmation. */
export interface RefundEffects {
  /** the Discord role the refund takes off the buyer, or the purchase's role that stays with them; null when none */
  role: RoleAfterReversal | null;
  /**
   * for a Priority Pass month: `ends` when it is the month being served (the membership ends now and is not
   * charged again), `goes_on` for a month already served (only its money and tokens come back), `ended` when the
   * membership had ended before; null for anything else
   */
  membership: MonthReversalEffect | null;
}

/** Reads a refund's effects ahead, by the same rules the refund then follows. */
export class RefundTerms {
  constructor(
    private readonly effects: Pick<PurchaseEffects, 'roleAfterReversal'>,
    private readonly clock: Clock,
    private readonly memberships: Pick<MembershipCheckout, 'onRefund'> | null = null,
  ) {}

  async execute(purchase: Purchase): Promise<RefundEffects> {
    if (purchase.status !== 'completed') return { role: null, membership: null };
    const month = (await this.memberships?.onRefund(purchase, this.clock.now())) ?? null;
    const ending = month?.effect === 'ends' ? month.id : undefined;
    return { role: await this.effects.roleAfterReversal(purchase, ending), membership: month?.effect ?? null };
  }
}
