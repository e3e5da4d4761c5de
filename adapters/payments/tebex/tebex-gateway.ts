import type { Catalogue } from '../../../core/catalogue/model/catalogue.ts';
import type { StartSubscriptionRequest, SubscriptionGateway } from '../../../core/memberships/ports.ts';
import type {
  CreateIntentRequest,
  IntentChanges,
  PaymentGateway,
  PaymentIntent,
} from '../../../core/purchases/ports.ts';
import { DomainError } from '../../../core/shared/errors.ts';
import { type BasketCustom, signedBasketCustom } from './basket-custom.ts';
import type { TebexBasket, TebexClient } from './tebex-client.ts';
import { checkTebexPrice, itemKey, type TebexPackageMap } from './tebex-packages.ts';

/** where a buyer back from signing in to a basket (or sent from the order form) is taken on */
export function continuePath(ident: string): string {
  return `/api/tebex/baskets/${encodeURIComponent(ident)}/continue`;
}

/**
 * Tebex's hosted checkout behind the payment port. An "intent" is a Headless API basket: the site opens it for the
 * purchase (its id and buyer in the basket's custom data), the buyer signs in to it when the webstore asks (FiveM
 * stores: their Cfx.re account), the package is added and the buyer pays on Tebex's page; Tebex's webhooks report
 * the payment. Prices are Tebex's, and must equal the catalogue's.
 */
export class TebexPaymentGateway implements PaymentGateway {
  readonly mode = 'tebex' as const;
  /** refunds are made in the Tebex creator panel; Tebex's webhook reports them */
  readonly capabilities = {};
  /** one basket per key while it is being opened: two requests of one checkout get the same basket */
  private readonly opening = new Map<string, Promise<PaymentIntent>>();

  constructor(
    private readonly client: TebexClient,
    private readonly packages: TebexPackageMap,
    private readonly catalogue: Catalogue,
    private readonly publicUrl: string,
    /** signs the basket's custom data (the webhook secret: only this site and Tebex know it) */
    private readonly signingKey: string,
  ) {}

  createIntent(request: CreateIntentRequest): Promise<PaymentIntent> {
    return this.once(request.idempotencyKey, () => this.open(request, 'single'));
  }

  /** a Priority Pass month: a subscription package; the basket names the subscription until Tebex has one */
  async startSubscription(
    request: StartSubscriptionRequest,
  ): Promise<{ subscriptionId: string; intent: PaymentIntent }> {
    const intent = await this.once(request.idempotencyKey, () => this.open(request, 'subscription'));
    return { subscriptionId: intent.id, intent };
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return this.toIntent(await this.client.getBasket(id));
  }

  /** Nothing on a basket can be changed but by the buyer, and its creator code; a new catalogue price must be Tebex's too. */
  async updateIntent(id: string, changes: IntentChanges): Promise<PaymentIntent> {
    let intent = await this.retrieveIntent(id);
    // a basket whose code Tebex refused has none to remove: Tebex's refusal then changes nothing
    if (changes.creatorCode === null) await this.client.removeCreatorCode(id).catch(ignoreRefusal);
    else if (changes.creatorCode !== undefined)
      intent = { ...intent, creatorCode: await this.passCreatorCode(id, changes.creatorCode) };
    if (changes.amountCents !== undefined && changes.amountCents !== intent.amountCents) {
      const custom = intent.metadata;
      const name = this.itemName(custom.productType, custom.productId, custom.optionId);
      const packageId = await this.packages.packageFor(itemKey(custom.productId, custom.optionId), name);
      checkTebexPrice(name, changes.amountCents, await this.client.getPackage(packageId));
      return { ...intent, amountCents: changes.amountCents };
    }
    return intent;
  }

  /**
   * Where the buyer goes next for this basket: Tebex's sign-in when the webstore asks for it, else (the package
   * added once) Tebex's checkout page; the success page once it is paid.
   */
  async continueCheckout(ident: string): Promise<string> {
    const basket = await this.client.getBasket(ident);
    const custom = basketCustom(basket);
    if (basket.complete) return this.successUrl(custom.purchase_id);
    if (basket.packages.length > 0 && basket.links.checkout) return basket.links.checkout;
    if (basket.username_id === null && !basket.username) {
      const signIn = await this.client.authLinks(ident, `${this.publicUrl}${continuePath(ident)}`);
      if (signIn.length > 0) return signIn[0].url;
    }
    const [productId, optionId] = custom.item.split(':');
    const name = this.itemName(custom.product_type, productId, optionId);
    const packageId = await this.packages.packageFor(custom.item, name);
    const filled = await this.client.addPackage(ident, {
      package_id: packageId,
      quantity: 1,
      type: custom.package_type,
      custom: signedBasketCustom(this.signingKey, custom),
    });
    if (!filled.links.checkout)
      throw new DomainError('TEBEX_NO_CHECKOUT', 'unavailable', 'Tebex did not open a checkout. Please try again.');
    return filled.links.checkout;
  }

  private async open(request: CreateIntentRequest, packageType: 'single' | 'subscription'): Promise<PaymentIntent> {
    const meta = request.metadata;
    const key = itemKey(meta.productId, meta.optionId);
    const name = this.itemName(meta.productType, meta.productId, meta.optionId);
    const packageId = await this.packages.packageFor(key, name);
    // Tebex sells at the catalogue's price; a sale or coupon of the site's is the site's price below it
    checkTebexPrice(name, request.listAmountCents ?? request.amountCents, await this.client.getPackage(packageId));
    const custom: BasketCustom = {
      purchase_id: meta.purchaseId,
      user_id: meta.userId,
      item: key,
      product_type: meta.productType,
      package_type: packageType,
      price_cents: String(request.amountCents),
    };
    const basket = await this.client.createBasket({
      complete_url: this.successUrl(meta.purchaseId),
      cancel_url: this.cancelUrl(meta),
      custom: signedBasketCustom(this.signingKey, custom),
      complete_auto_redirect: true,
      ...(request.buyerIp ? { ip_address: request.buyerIp } : {}),
    });
    if (request.couponCode) await this.redeem(basket.ident, request.couponCode);
    const current = request.couponCode ? await this.client.getBasket(basket.ident) : basket;
    if (!request.creatorCode) return this.toIntent(current);
    return { ...this.toIntent(current), creatorCode: await this.passCreatorCode(basket.ident, request.creatorCode) };
  }

  /** the buyer's coupon code on Tebex's basket, which applies it to what Tebex charges; a code Tebex refuses is refused */
  private async redeem(ident: string, code: string): Promise<void> {
    try {
      await this.client.applyCoupon(ident, code);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'TEBEX_REFUSED') throw error;
      throw new DomainError(
        'COUPON_REFUSED_BY_TEBEX',
        'conflict',
        `Tebex refused the coupon code ${code}${error.message.replace(/^Tebex refused the request/, '')}`,
      );
    }
  }

  /** The buyer's creator code goes to Tebex's basket too; a code Tebex's creator program does not know is refused there. */
  private async passCreatorCode(ident: string, code: string): Promise<{ code: string; accepted: boolean }> {
    try {
      await this.client.applyCreatorCode(ident, code);
      return { code, accepted: true };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'TEBEX_REFUSED') return { code, accepted: false };
      throw error;
    }
  }

  private once(key: string, work: () => Promise<PaymentIntent>): Promise<PaymentIntent> {
    const running = this.opening.get(key);
    if (running) return running;
    const started = work().finally(() => this.opening.delete(key));
    this.opening.set(key, started);
    return started;
  }

  private toIntent(basket: TebexBasket): PaymentIntent {
    const custom = basketCustom(basket);
    const discounted = (basket.coupons?.length ?? 0) > 0;
    const soldBelow = Number(custom.price_cents) < Math.round(basket.base_price * 100);
    const [productId, optionId] = custom.item.split(':');
    return {
      id: basket.ident,
      clientSecret: '',
      status: basket.complete ? 'succeeded' : 'requires_payment_method',
      // the package's price once it is in the basket; until then, or when the site sold below Tebex's price (a sale, a
      // coupon), the price the basket was opened for
      amountCents:
        basket.packages.length > 0 && !soldBelow ? Math.round(basket.base_price * 100) : Number(custom.price_cents),
      ...(discounted ? { discounted } : {}),
      currency: (basket.currency || 'usd').toLowerCase(),
      metadata: {
        purchaseId: custom.purchase_id,
        userId: custom.user_id,
        productType: custom.product_type,
        productId: productId ?? '',
        ...(optionId ? { optionId } : {}),
      },
      failureMessage: null,
      checkoutUrl: basket.complete ? null : `${this.publicUrl}${continuePath(basket.ident)}`,
    };
  }

  private itemName(productType: string, productId: string, optionId?: string): string {
    try {
      return this.catalogue.price(productId, productType, optionId || undefined).name;
    } catch {
      return productId;
    }
  }

  private successUrl(purchaseId: string): string {
    return `${this.publicUrl}/checkout-success?payment_intent=${encodeURIComponent(purchaseId)}`;
  }

  private cancelUrl(meta: Record<string, string>): string {
    const option = meta.optionId ? `&option=${encodeURIComponent(meta.optionId)}` : '';
    return `${this.publicUrl}/checkout?type=${encodeURIComponent(meta.productType)}&id=${encodeURIComponent(meta.productId)}${option}`;
  }
}

function ignoreRefusal(error: unknown): void {
  if (!(error instanceof DomainError && error.code === 'TEBEX_REFUSED')) throw error;
}

/** the custom data of a basket this site opened; a basket without it is not ours */
export function basketCustom(basket: { custom: Record<string, unknown> | null }): BasketCustom {
  const custom = basket.custom ?? {};
  const text = (key: string) => (typeof custom[key] === 'string' ? (custom[key] as string) : '');
  if (!text('purchase_id'))
    throw new DomainError('PAYMENT_INTENT_NOT_FOUND', 'not_found', 'This Tebex basket was not opened by this store.');
  return {
    purchase_id: text('purchase_id'),
    user_id: text('user_id'),
    item: text('item'),
    product_type: text('product_type'),
    package_type: text('package_type') || 'single',
    price_cents: text('price_cents') || '0',
  };
}

/**
 * Priority Pass memberships as Tebex subscription packages. Tebex bills every month and reports it by webhook;
 * cancelling and changing tiers happen at Tebex (the Headless API offers neither), and its APIs show no
 * subscriptions: the gateway opens subscriptions and can do nothing more.
 */
export class TebexSubscriptionGateway implements SubscriptionGateway {
  readonly mode = 'tebex' as const;
  readonly capabilities = {};

  constructor(private readonly payments: TebexPaymentGateway) {}

  start(request: StartSubscriptionRequest): Promise<{ subscriptionId: string; intent: PaymentIntent }> {
    return this.payments.startSubscription(request);
  }
}
