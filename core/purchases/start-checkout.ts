import type { Catalogue } from '../catalogue/catalogue.ts';
import type { PricedItem } from '../catalogue/product.ts';
import { ConflictError, DomainError } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { banReasonFor } from './unban-details.ts';
import {
  MembershipExistsError,
  PaymentInProgressError,
  PriceMismatchError,
  StoreBannedError,
  TooManyOpenCheckoutsError,
} from './errors.ts';
import {
  GIFT_DISCORD_ID,
  GiftAtProviderError,
  GiftRecipientError,
  type GiftRecipient,
  giftMonthsFor,
  giftPriced,
  NOT_GIFTABLE_TYPES,
  NotGiftableError,
  type PurchaseGift,
  RecipientHoldsPassError,
  sameGift,
} from './gift.ts';
import { CHECKOUT_ABANDONED_AFTER_HOURS, CURRENCY, MAX_OPEN_CHECKOUTS, type Purchase } from './purchase.ts';
import type {
  CheckoutChanges,
  CreateIntentRequest,
  GiftRecipients,
  IntentChanges,
  MembershipCheckout,
  PaymentGateway,
  PaymentIntent,
  PurchaseRepository,
  StoreBans,
} from './ports.ts';
import type { PurchaseSettlement } from './purchase-settlement.ts';

/** The catalogue type sold as monthly memberships. */
export const MEMBERSHIP_PRODUCT_TYPE = 'whitelist';

export type { MembershipCheckout };

export interface Buyer {
  id: string;
  email: string | null;
  discordUsername: string | null;
  username: string | null;
}

export interface StartCheckoutInput {
  buyer: Buyer;
  productType: string;
  productId: string;
  optionId?: string;
  /** what the page showed; when sent it must equal the catalogue price */
  expectedPriceCents?: number;
  buyerEmail?: string;
  buyerDiscord?: string;
  /** unban services only, where it is required */
  banReason?: string;
  /** the buyer's address, passed to providers that price and screen by it */
  buyerIp?: string;
  /** buy it for another player: their Discord id (17 to 20 digits) or a known player's name */
  giftTo?: string;
  /** a gifted Priority Pass: how many months it runs (GIFT_MONTHS) */
  giftMonths?: number;
}

export interface CheckoutStarted {
  purchase: Purchase;
  clientSecret: string;
  tokensGranted: number;
  /** a hosted checkout to send the buyer to (Tebex); null when the page takes the card itself */
  redirectUrl: string | null;
}

/** Each further claim follows an open checkout that turned out to be paid, canceled or gone meanwhile. */
const CLAIM_ATTEMPTS = 3;

/**
 * Opens a checkout priced by the catalogue alone, with a payment intent for exactly that amount.
 *
 * A buyer has one open checkout per item: starting the same product and option again answers the same
 * purchase and the same intent (brought up to date), so reloading the payment page never piles up
 * purchases. At most MAX_OPEN_CHECKOUTS distinct items wait for payment at once; a checkout unpaid for
 * CHECKOUT_ABANDONED_AFTER_HOURS is abandoned and counts no more.
 *
 * No database transaction stays open while the provider is called: when the provider fails, a purchase
 * this call stored is removed again, so a failed checkout leaves nothing behind.
 */
export class StartCheckout {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly bans: StoreBans,
    private readonly settlement: PurchaseSettlement,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Priority Pass tiers are memberships: the first month opens a subscription */
    private readonly memberships: MembershipCheckout | null = null,
    /** who a gift can be for; without it nothing is sold as a gift */
    private readonly recipients: GiftRecipients | null = null,
  ) {}

  async execute(input: StartCheckoutInput): Promise<CheckoutStarted> {
    const listed = this.catalogue.price(input.productId, input.productType, input.optionId);
    const banReason = banReasonFor(listed.product.type, input.banReason);
    if (await this.bans.isBanned(input.buyer.id)) throw new StoreBannedError();
    const gift = input.giftTo === undefined ? null : await this.giftFor(input, listed);
    const item = giftPriced(listed, gift?.months ?? null);
    if (input.expectedPriceCents !== undefined && input.expectedPriceCents !== item.priceCents) {
      throw new PriceMismatchError(input.expectedPriceCents, item.priceCents, item.name);
    }
    if (this.memberships && item.product.type === MEMBERSHIP_PRODUCT_TYPE && !gift) {
      const live = await this.memberships.liveTierOf(input.buyer.id);
      if (live) throw new MembershipExistsError(live);
    }
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const now = this.clock.now();
      const openSince = new Date(now.getTime() - CHECKOUT_ABANDONED_AFTER_HOURS * 3_600_000);
      const claim = await this.purchases.claimCheckout(this.newPurchase(input, item, banReason, gift, now), {
        openSince,
        limit: MAX_OPEN_CHECKOUTS,
      });
      if (claim.outcome === 'full') throw new TooManyOpenCheckoutsError(MAX_OPEN_CHECKOUTS);
      const started =
        claim.outcome === 'added'
          ? await this.begin(claim.purchase, input.buyerIp ?? null)
          : await this.resume(claim.purchase, input, item, banReason, gift);
      if (started) return started;
    }
    throw new ConflictError('CHECKOUT_BUSY', 'Your checkout changed while it was being opened. Please try again.');
  }

  /**
   * Who the gift is for, refused when it cannot be given: an unban, the buyer themself, a name no player has (or
   * several have), a banned account, and a pass for someone who holds one.
   */
  private async giftFor(input: StartCheckoutInput, item: PricedItem): Promise<PurchaseGift> {
    if (!this.recipients || NOT_GIFTABLE_TYPES.includes(item.product.type)) throw new NotGiftableError(item.name);
    const months = giftMonthsFor(item.product.type, MEMBERSHIP_PRODUCT_TYPE, input.giftMonths);
    if (months && this.gateway.mode === 'tebex') throw new GiftAtProviderError();
    const to = (input.giftTo ?? '').trim();
    let recipient: GiftRecipient | null;
    if (GIFT_DISCORD_ID.test(to)) recipient = await this.recipients.byDiscordId(to);
    else {
      if (!to)
        throw new GiftRecipientError('GIFT_RECIPIENT_REQUIRED', "Enter the recipient's Discord ID or player name.");
      const found = await this.recipients.byName(to.slice(0, 64));
      if (found.length === 0)
        throw new GiftRecipientError(
          'GIFT_RECIPIENT_UNKNOWN',
          `No player is named '${to.slice(0, 64)}'. Check the name, or use their Discord ID (17 to 20 digits).`,
        );
      if (found.length > 1)
        throw new GiftRecipientError(
          'GIFT_RECIPIENT_AMBIGUOUS',
          `More than one player is named '${to.slice(0, 64)}'. Use their Discord ID instead.`,
        );
      recipient = found[0];
    }
    if (recipient?.userId === input.buyer.id)
      throw new GiftRecipientError(
        'GIFT_TO_SELF',
        'You cannot buy a gift for yourself. Untick "Buy as a gift" to buy it for your own account.',
      );
    if (recipient?.banned)
      throw new GiftRecipientError('GIFT_RECIPIENT_BANNED', `${recipient.name} is banned and cannot receive gifts.`);
    if (months && recipient && this.memberships) {
      const live = await this.memberships.liveTierOf(recipient.userId);
      if (live) throw new RecipientHoldsPassError(recipient.name, live);
    }
    return {
      discordId: recipient?.discordId ?? to,
      userId: recipient?.userId ?? null,
      name: recipient?.name ?? to,
      months,
      deliveredAt: null,
    };
  }

  private newPurchase(
    input: StartCheckoutInput,
    item: PricedItem,
    banReason: string | null,
    gift: PurchaseGift | null,
    now: Date,
  ): Purchase {
    return {
      id: this.ids.next(),
      userId: input.buyer.id,
      productType: item.product.type,
      productId: item.product.id,
      optionId: item.option?.id ?? null,
      productName: item.name,
      priceCents: item.priceCents,
      currency: CURRENCY,
      tokensGranted: item.tokens,
      tokensAwarded: 0,
      buyerEmail: input.buyerEmail || input.buyer.email,
      buyerDiscord: input.buyerDiscord || input.buyer.discordUsername || input.buyer.username,
      banReason,
      paymentIntentId: null,
      status: 'pending',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      gateway: this.gateway.mode,
      billing: this.opensSubscription(item, gift)
        ? { reason: 'start', subscriptionId: null, membershipId: null, periodStart: null, periodEnd: null }
        : null,
      gift,
    };
  }

  /** a pass bought for the buyer is a monthly subscription; a gifted pass is paid once */
  private opensSubscription(item: PricedItem, gift: PurchaseGift | null): boolean {
    return this.memberships !== null && item.product.type === MEMBERSHIP_PRODUCT_TYPE && !gift;
  }

  /** the first payment: a one-time intent, or a membership's subscription with its first month's intent */
  private async openPayment(
    purchase: Purchase,
    buyerIp: string | null,
  ): Promise<{ intent: PaymentIntent; subscriptionId?: string }> {
    const request = { ...intentRequest(purchase), buyerIp };
    if (!purchase.billing || !this.memberships) return { intent: await this.gateway.createIntent(request) };
    return this.memberships.startSubscription({
      tierId: purchase.productId,
      amountCents: request.amountCents,
      currency: request.currency,
      description: `${purchase.productName} Priority Pass (monthly)`,
      customer: { userId: purchase.userId, email: purchase.buyerEmail, name: purchase.buyerDiscord },
      metadata: request.metadata,
      idempotencyKey: `membership-${purchase.id}`,
      buyerIp,
    });
  }

  /** A purchase this call stored gets its intent; when the provider fails, the purchase is removed again. */
  private async begin(purchase: Purchase, buyerIp: string | null): Promise<CheckoutStarted | null> {
    let opened: { intent: PaymentIntent; subscriptionId?: string };
    try {
      opened = await this.openPayment(purchase, buyerIp);
    } catch (error) {
      await this.purchases.discardUnstarted(purchase.id);
      throw error;
    }
    const { intent } = opened;
    if (!(await this.purchases.attachIntent(purchase.id, intent.id, opened.subscriptionId))) return null;
    return {
      purchase: { ...purchase, paymentIntentId: intent.id },
      clientSecret: intent.clientSecret,
      tokensGranted: purchase.tokensGranted,
      redirectUrl: intent.checkoutUrl ?? null,
    };
  }

  /** The buyer's open checkout for this item: reused while its intent can still take the payment. */
  private async resume(
    open: Purchase,
    input: StartCheckoutInput,
    item: PricedItem,
    banReason: string | null,
    gift: PurchaseGift | null,
  ): Promise<CheckoutStarted | null> {
    let purchase = open;
    let intent: PaymentIntent;
    if ((open.gateway ?? 'demo') !== this.gateway.mode) {
      // opened before the store changed gateways: the new one cannot take its payment
      await this.settlement.fail(open, 'The store changed payment providers before this checkout was paid.');
      return null;
    }
    if (Boolean(open.billing) !== this.opensSubscription(item, gift)) {
      // a pass for the buyer opens a subscription, a gifted one a single payment: one cannot become the other
      await this.settlement.fail(open, 'Replaced by a checkout of the same pass, for another recipient.');
      return null;
    }
    if (open.paymentIntentId) {
      const found = await this.gateway.retrieveIntent(open.paymentIntentId).catch((error: unknown) => {
        // an intent the provider does not know (another account or gateway since) can never be paid
        if (error instanceof DomainError && error.kind === 'not_found') return null;
        throw error;
      });
      if (!found) {
        await this.settlement.fail(open, 'The payment provider has no record of this payment.');
        return null;
      }
      intent = found;
    } else {
      // another request stored it a moment ago and is creating its intent (or stopped before it could):
      // the same idempotency key answers the same intent, so both requests end with one
      const opened = await this.openPayment(open, input.buyerIp ?? null);
      intent = opened.intent;
      if (!(await this.purchases.attachIntent(open.id, intent.id, opened.subscriptionId))) return null;
      purchase = { ...open, paymentIntentId: intent.id };
    }
    switch (intent.status) {
      case 'succeeded':
        // paid but not completed yet: it is completed now, not sold again, and this start opens a new one
        await this.settlement.complete(purchase, intent);
        return null;
      case 'canceled':
        await this.settlement.fail(purchase, 'The payment was canceled.');
        return null;
      case 'processing':
      case 'requires_capture':
        throw new PaymentInProgressError(purchase.productName);
      default:
        return this.revise(purchase, intent, input, item, banReason, gift);
    }
  }

  /**
   * Brings the reused checkout up to date: the buyer's contact details, the gift's recipient and months, and the
   * price if the catalogue (or the months) changed.
   */
  private async revise(
    open: Purchase,
    intent: PaymentIntent,
    input: StartCheckoutInput,
    item: PricedItem,
    banReason: string | null,
    gift: PurchaseGift | null,
  ): Promise<CheckoutStarted | null> {
    const intentChanges: IntentChanges = {};
    // a membership's first month is its subscription's invoice: the provider prices it, and it is not changed here
    if (intent.amountCents !== item.priceCents && !open.billing) intentChanges.amountCents = item.priceCents;
    if (open.productName !== item.name) intentChanges.description = item.name;
    const metadata = intentMetadata({ ...open, gift });
    if (Object.entries(metadata).some(([key, value]) => intent.metadata[key] !== value))
      intentChanges.metadata = metadata;
    // the intent first: a provider that refuses (the buyer is paying right now) leaves the purchase as it was
    const current =
      Object.keys(intentChanges).length > 0 ? await this.gateway.updateIntent(intent.id, intentChanges) : intent;

    const changes: Omit<CheckoutChanges, 'updatedAt'> = {};
    if (input.buyerEmail && input.buyerEmail !== open.buyerEmail) changes.buyerEmail = input.buyerEmail;
    if (input.buyerDiscord && input.buyerDiscord !== open.buyerDiscord) changes.buyerDiscord = input.buyerDiscord;
    if (banReason !== open.banReason) changes.banReason = banReason;
    if (item.priceCents !== open.priceCents && !open.billing) changes.priceCents = item.priceCents;
    if (item.name !== open.productName) changes.productName = item.name;
    if (item.tokens !== open.tokensGranted) changes.tokensGranted = item.tokens;
    if (!sameGift(open.gift, gift)) changes.gift = gift;
    let purchase: Purchase | null = open;
    if (Object.keys(changes).length > 0)
      purchase = await this.purchases.reviseCheckout(open.id, { ...changes, updatedAt: this.clock.now() });
    // null: paid or failed meanwhile, so it is no longer open
    if (!purchase) return null;
    return {
      purchase,
      clientSecret: current.clientSecret,
      tokensGranted: purchase.tokensGranted,
      redirectUrl: current.checkoutUrl ?? null,
    };
  }
}

function intentMetadata(purchase: Purchase): Record<string, string> {
  return {
    purchaseId: purchase.id,
    userId: purchase.userId,
    productType: purchase.productType,
    productId: purchase.productId,
    ...(purchase.optionId ? { optionId: purchase.optionId } : {}),
    ...(purchase.gift ? { giftTo: purchase.gift.discordId } : {}),
  };
}

/** One intent per purchase: the idempotency key names the purchase. */
function intentRequest(purchase: Purchase): CreateIntentRequest {
  return {
    amountCents: purchase.priceCents,
    currency: CURRENCY,
    description: purchase.productName,
    idempotencyKey: `purchase-${purchase.id}`,
    metadata: intentMetadata(purchase),
  };
}
