import type { PurchaseEffects } from '../effects.ts';
import type { Clock, TransactionRunner } from '../../shared/ports.ts';
import { PaymentNotConfirmedError, PurchaseNotFoundError } from '../errors.ts';
import { billingDay } from '../../shared/dates.ts';
import {
  CURRENCY,
  type GiftHolder,
  type PaymentTaken,
  type Purchase,
  type PurchaseChanges,
  PurchaseTransitions,
} from './purchase.ts';
import { barredFromGifts, beneficiaryOf, type PurchaseGift } from './gift.ts';
import type {
  GiftRecipients,
  PaymentIntent,
  PurchaseChange,
  PurchaseRepository,
  PurchaseTokenGrants,
  PurchaseUpdate,
  StoreBans,
} from '../ports.ts';

export type { PaymentTaken };

/** The reference the ledger keeps for a purchase's tokens; the ledger credits a reference once. */
export const ledgerReference = (purchaseId: string) => `purchase:${purchaseId}`;

/** Checks that the provider's intent is this purchase's payment, paid in full. */
export function checkIntent(purchase: Purchase, intent: PaymentIntent): void {
  if (intent.status !== 'succeeded') {
    throw new PaymentNotConfirmedError(
      intent.failureMessage
        ? `The payment did not go through: ${intent.failureMessage}`
        : `The payment has not gone through yet (status: ${intent.status.replace(/_/g, ' ')}).`,
    );
  }
  const problems: string[] = [];
  if (intent.id !== purchase.paymentIntentId) problems.push('intent');
  if (intent.amountCents !== purchase.priceCents) problems.push('amount');
  if (intent.currency.toLowerCase() !== CURRENCY) problems.push('currency');
  // a renewal's or an upgrade's intent is made by the provider's invoice, which carries no metadata of ours
  const reported = purchase.billing && purchase.billing.reason !== 'start';
  if (!reported && (intent.metadata.purchaseId !== purchase.id || intent.metadata.userId !== purchase.userId))
    problems.push('metadata');
  if (problems.length > 0)
    throw new PaymentNotConfirmedError(`The payment does not match this purchase (${problems.join(', ')}).`);
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** what a succeeded intent says the provider took, and its own id of the payment */
export function paidBy(intent: PaymentIntent): PaymentTaken & { amountPaidCents: number; discounted?: boolean } {
  return {
    amountPaidCents: intent.amountReceivedCents ?? intent.amountCents,
    reference: intent.reference,
    discounted: intent.discounted,
    ...(intent.reportedCodes ? { codes: intent.reportedCodes } : {}),
  };
}

/**
 * A purchase the enclosing transaction read under its lock (PurchaseRepository.lockByPayment): the settlement
 * writes it without locking or reading it again. A plain purchase is read afresh under its lock.
 */
export interface HeldPurchase {
  held: Purchase;
}
export type SettledPurchase = Purchase | HeldPurchase;
const purchaseOf = (target: SettledPurchase): Purchase => ('held' in target ? target.held : target);

/**
 * What else happens, in the same transaction, when a purchase is paid (a membership starts or renews) or reversed.
 * A port the memberships module implements, so purchases know nothing of memberships.
 */
export interface CompletionHooks {
  /** answers the purchase as it now stands (a first month is tied to the membership it started) */
  completed(purchase: Purchase, at: Date): Promise<Purchase>;
  /** a paid purchase was refunded or disputed (its tokens are removed already) */
  reversed(purchase: Purchase, at: Date): Promise<void>;
  /** a gift reached its recipient's account (a gifted pass starts) */
  giftDelivered(purchase: Purchase, at: Date): Promise<void>;
}
/** what one completion does besides, where its caller brings its own */
export type CompletedHook = Pick<CompletionHooks, 'completed'>;
export const noCompletionHooks: CompletionHooks = {
  completed: async (purchase) => purchase,
  reversed: async () => {},
  giftDelivered: async () => {},
};

/** The ledger's words for a purchase's tokens; a membership's name the month they are for. */
export function creditReason(purchase: Purchase, now: Date): string {
  const billing = purchase.billing;
  if (purchase.gift) {
    const months = purchase.gift.months
      ? `, ${purchase.gift.months} month${purchase.gift.months === 1 ? '' : 's'}`
      : '';
    return `Gift from ${purchase.buyerDiscord ?? 'another player'}: ${purchase.productName}${months}`;
  }
  if (!billing) return `Purchase: ${purchase.productName}`;
  const month = billingDay(billing.periodStart ?? now);
  if (billing.reason === 'upgrade')
    return `Upgrade to ${purchase.productName} Priority Pass: the difference for the month from ${month}`;
  return `${purchase.productName} Priority Pass: month from ${month}`;
}

export interface PurchaseSettlementDeps {
  purchases: PurchaseRepository;
  ledger: PurchaseTokenGrants;
  bans: StoreBans;
  transactions: TransactionRunner;
  clock: Clock;
  effects: PurchaseEffects;
  hooks?: CompletionHooks;
  /** finds a gift's recipient when the gift is paid: one who signed in meanwhile receives it at once */
  recipients?: Pick<GiftRecipients, 'byDiscordId'> | null;
}

/**
 * Every status change of a purchase. Each runs in one transaction with its ledger entry, and moves the
 * status only from the states it may come from, so duplicates and late or early events change nothing.
 */
export class PurchaseSettlement {
  private readonly purchases: PurchaseRepository;
  private readonly ledger: PurchaseTokenGrants;
  private readonly bans: StoreBans;
  private readonly transactions: TransactionRunner;
  private readonly clock: Clock;
  private readonly effects: PurchaseEffects;
  private readonly hooks: CompletionHooks;
  private readonly recipients: Pick<GiftRecipients, 'byDiscordId'> | null;

  constructor(deps: PurchaseSettlementDeps) {
    this.purchases = deps.purchases;
    this.ledger = deps.ledger;
    this.bans = deps.bans;
    this.transactions = deps.transactions;
    this.clock = deps.clock;
    this.effects = deps.effects;
    this.hooks = deps.hooks ?? noCompletionHooks;
    this.recipients = deps.recipients ?? null;
  }

  /**
   * pending or failed -> completed with the tokens credited, or -> underpaid when the provider took less than the
   * price and reported no coupon or gift card that explains it; answers the purchase as it now stands. `hooks`:
   * this completion's own, in place of the settlement's (a caller that holds what the purchase pays for).
   */
  async complete(purchase: Purchase, intent: PaymentIntent, hooks?: CompletedHook): Promise<Purchase> {
    checkIntent(purchase, intent);
    return this.settleReported(purchase, paidBy(intent), hooks);
  }

  /**
   * A payment the provider reported, for what it took: completed when that covers the price (or a coupon or gift
   * card it reported explains the difference), else held as underpaid.
   */
  async settleReported(
    target: SettledPurchase,
    paid: PaymentTaken & { amountPaidCents: number; discounted?: boolean },
    hooks?: CompletedHook,
  ): Promise<Purchase> {
    const purchase = purchaseOf(target);
    if (paid.amountPaidCents < purchase.priceCents && !paid.discounted)
      return this.hold(
        target,
        paid,
        `Paid ${usd(paid.amountPaidCents)} of ${usd(purchase.priceCents)}, with no coupon or gift card reported: held for staff.`,
      );
    return this.completeReported(target, paid, hooks);
  }

  /**
   * pending or failed -> completed, for a payment the provider itself reported (a verified webhook, the
   * provider's API, or a charge this server just made); the same as `complete` otherwise. `paid` is what the
   * provider took (the price when not given) and its own id of the payment.
   */
  async completeReported(
    target: SettledPurchase,
    paid: PaymentTaken = {},
    hooks: CompletedHook = this.hooks,
  ): Promise<Purchase> {
    const purchase = purchaseOf(target);
    const recipient = purchase.gift ? await this.recipientOf(purchase.gift) : null;
    if (recipient?.barred)
      // banned since the checkout opened: the gift is held, never credited to them; staff refund it at the provider
      return this.hold(
        target,
        { ...paid, amountPaidCents: paid.amountPaidCents ?? purchase.priceCents },
        `Paid in full, but ${recipient.name} was banned after the checkout opened, so the gift was not delivered: held for staff to refund.`,
      );
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const moved = await this.move(target, (current) => PurchaseTransitions.complete(current, paid, now, recipient));
      if (!moved.changed) return moved.purchase;
      const paidFor = moved.purchase;
      await this.creditHolder(paidFor, now);
      const completed = await hooks.completed(paidFor, now);
      if (completed.gift?.deliveredAt) await this.hooks.giftDelivered(completed, now);
      await this.effects.purchaseCompleted(completed);
      return completed;
    });
  }

  /**
   * A paid gift that waited for its recipient's account is delivered to it: the tokens, the role, a gifted pass.
   * Answers it as delivered, or null when it was delivered before (a racing sign-in), or refunded meanwhile.
   */
  async deliverGift(purchase: Purchase, recipient: GiftHolder): Promise<Purchase | null> {
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const moved = await this.move(purchase, (current) => PurchaseTransitions.deliverGift(current, recipient, now));
      if (!moved.changed) return null;
      await this.creditHolder(moved.purchase, now);
      await this.hooks.giftDelivered(moved.purchase, now);
      await this.effects.giftDelivered(moved.purchase);
      return moved.purchase;
    });
  }

  /**
   * the recipient's account as it is now (one who signed in since the checkout included), and whether a ban since
   * bars them from receiving it; null when none
   */
  private async recipientOf(gift: PurchaseGift): Promise<(GiftHolder & { barred: boolean }) | null> {
    const found = await this.recipients?.byDiscordId(gift.discordId);
    if (found) return { userId: found.userId, name: found.name, barred: await barredFromGifts(found, this.bans) };
    if (!gift.userId) return null;
    return { userId: gift.userId, name: gift.name, barred: await this.bans.isBanned(gift.userId) };
  }

  /** the tokens awarded go to whoever holds the purchase: the buyer, or a gift's recipient */
  private async creditHolder(purchase: Purchase, now: Date): Promise<void> {
    const holder = beneficiaryOf(purchase);
    if (!holder || purchase.tokensAwarded <= 0) return;
    await this.ledger.credit({
      userId: holder,
      amount: purchase.tokensAwarded,
      reason: creditReason(purchase, now),
      reference: ledgerReference(purchase.id),
      bought: true,
    });
  }

  /**
   * pending or failed -> underpaid (held): a payment that does not pay for what the site sold. No tokens, no role;
   * staff are told why and decide (a refund at the provider).
   */
  async hold(
    target: SettledPurchase,
    paid: PaymentTaken & { amountPaidCents: number },
    reason: string,
  ): Promise<Purchase> {
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const moved = await this.move(target, (current) => PurchaseTransitions.hold(current, paid, reason, now));
      if (moved.changed) await this.effects.purchaseUnderpaid(moved.purchase);
      return moved.purchase;
    });
  }

  /**
   * pending or failed -> failed with the last attempt's reason, an attempt the provider reported (decision 0078); a
   * completed purchase stays completed when a failure arrives late.
   */
  async fail(target: SettledPurchase, reason: string): Promise<Purchase> {
    const now = this.clock.now();
    return (await this.move(target, (current) => PurchaseTransitions.fail(current, reason, now))).purchase;
  }

  /** pending or failed -> failed, closed by the site with no payment attempt reported: no purchase of the buyer's. */
  async close(purchase: Purchase, reason: string): Promise<Purchase> {
    const now = this.clock.now();
    return (await this.move(purchase, (current) => PurchaseTransitions.close(current, reason, now))).purchase;
  }

  /** records that the provider reports a pending purchase being paid (processing, authenticating, authorised) */
  async attempting(purchase: Purchase): Promise<Purchase> {
    const now = this.clock.now();
    return (await this.move(purchase, (current) => PurchaseTransitions.attempting(current, now))).purchase;
  }

  /** -> refunded at the provider's word, debiting the tokens that were credited. */
  async refund(target: SettledPurchase, reason: string): Promise<Purchase> {
    return (await this.reverse(target, (current, now) => PurchaseTransitions.refund(current, reason, now))).purchase;
  }

  /** completed -> refunded by an admin; answers null when the purchase was no longer completed (another refund won). */
  async refundCompleted(purchase: Purchase, reason: string, adminId?: string): Promise<Purchase | null> {
    const result = await this.reverse(purchase, (current, now) =>
      PurchaseTransitions.refund(current, reason, now, { id: adminId ?? null }),
    );
    return result.changed ? result.purchase : null;
  }

  /** -> disputed, debiting the tokens, and the buyer is banned from the store. */
  async dispute(target: SettledPurchase, reason: string): Promise<Purchase> {
    const purchase = purchaseOf(target);
    return this.transactions.run(async () => {
      const result = await this.reverse(target, (current, now) => PurchaseTransitions.dispute(current, reason, now));
      await this.bans.ban(purchase.userId, `Payment dispute on purchase ${purchase.id}: ${reason}`);
      return result.purchase;
    });
  }

  private reverse(
    target: SettledPurchase,
    transition: (current: Purchase, now: Date) => PurchaseChanges | null,
  ): Promise<PurchaseUpdate> {
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const moved = await this.move(target, (current) => transition(current, now));
      if (!moved.changed) return moved;
      const { purchase: after, previous } = moved;
      const to = after.status as 'refunded' | 'disputed';
      const holder = beneficiaryOf(previous);
      if (holder && previous.tokensAwarded > 0) {
        await this.ledger.debit({
          userId: holder,
          amount: previous.tokensAwarded,
          reason: after.failureReason ?? to,
          reference: `${to}:${after.id}`,
          bought: true,
        });
      }
      if (previous.status === 'completed') await this.hooks.reversed(after, now);
      await this.effects.purchaseReversed(after, previous.status, to);
      return moved;
    });
  }

  private async move(target: SettledPurchase, change: PurchaseChange): Promise<PurchaseUpdate> {
    const { id } = purchaseOf(target);
    const moved = await this.purchases.update(id, change, 'held' in target ? target.held : undefined);
    if (!moved) throw new PurchaseNotFoundError(id);
    return moved;
  }
}
