import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { ConflictError } from '../../../core/shared/errors.ts';
import { centsToDollars, dollarsToCents } from '../../../core/shared/money.ts';
import type { Middleware } from 'koa';
import type { PaymentAdapters } from '../../payments/payment-adapters.ts';
import {
  completePurchaseSchema,
  createPaymentIntentSchema,
  demoConfirmSchema,
  type CompletePurchaseResponse,
  type CreatePaymentIntentResponse,
  type DemoConfirmResponse,
  type PaymentsConfigDto,
} from '../contract/payments.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { couponRateLimit } from '../middleware/rate-limit.ts';
import type { RateLimiter } from '../middleware/rate-limiter.ts';
import { presentGift } from '../presenters/gifts.ts';

/** `codeChecks` limits checkouts that name a creator code, against guessing codes */
export function paymentRoutes(
  router: Router,
  core: Core,
  payments: PaymentAdapters,
  couponLimiter: RateLimiter,
  codeChecks: Middleware,
): void {
  const codeAttempts = couponRateLimit(couponLimiter, (ctx) => {
    const body = ctx.request.body as { couponCode?: unknown } | undefined;
    return typeof body?.couponCode === 'string' && body.couponCode.trim() !== '';
  });

  router.get('/api/payments/config', (ctx) => {
    const body: PaymentsConfigDto = {
      mode: payments.gateway.mode,
      publishableKey: payments.publishableKey,
    };
    ctx.body = body;
  });

  router.post('/api/create-payment-intent', requireUser(), codeAttempts, codeChecks, async (ctx) => {
    const input = createPaymentIntentSchema.parse(ctx.request.body ?? {});
    const sent = [input.amount, input.price]
      .filter((value): value is number => value !== undefined)
      .map(dollarsToCents);
    if (sent.length === 2 && sent[0] !== sent[1])
      throw new ConflictError(
        'PRICE_MISMATCH',
        'The amount and the price sent differ. Reload the page to see the current price.',
      );
    const buyer = currentUser(ctx);
    const started = await core.purchases.startCheckout.execute({
      buyer,
      productType: input.productType,
      productId: input.productId,
      optionId: input.option,
      expectedPriceCents: sent[0],
      buyerEmail: input.buyerEmail,
      buyerDiscord: input.buyerDiscord,
      banReason: input.banReason,
      buyerIp: ctx.ip,
      couponCode: input.couponCode || undefined,
      creatorCode: input.creatorCode || undefined,
      giftTo: input.giftTo,
      giftMonths: input.giftMonths,
      withdrawalConsent: input.withdrawalConsent,
      ageDeclaration: input.ageDeclaration,
    });
    const { paymentIntentId } = started.purchase;
    if (!paymentIntentId) throw new Error('A started checkout has no payment intent.');
    const body: CreatePaymentIntentResponse = {
      clientSecret: started.clientSecret,
      tokensGranted: started.tokensGranted,
      paymentIntentId,
      purchaseId: started.purchase.id,
      amount: centsToDollars(started.purchase.priceCents),
      listPrice: centsToDollars(started.purchase.discount?.listPriceCents ?? started.purchase.priceCents),
      couponCode: started.purchase.discount?.coupon?.code ?? null,
      productName: started.purchase.productName,
      redirectUrl: started.redirectUrl,
      creatorCode: started.purchase.creator?.code ?? null,
      creatorCodeStatus: started.purchase.creator?.provider ?? null,
      gift: presentGift(started.purchase),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/complete-purchase', requireUser(), async (ctx) => {
    const input = completePurchaseSchema.parse(ctx.request.body ?? {});
    const result = await core.purchases.complete.execute({
      buyerId: currentUser(ctx).id,
      paymentIntentId: input.paymentIntentId,
      expectedPriceCents: input.price === undefined ? undefined : dollarsToCents(input.price),
    });
    const body: CompletePurchaseResponse = {
      // what the buyer received: a gift's tokens are its recipient's
      tokensAwarded: result.purchase.gift ? 0 : result.tokensAwarded,
      purchaseId: result.purchase.id,
      status: result.purchase.status,
    };
    ctx.body = body;
  });

  // The demo card form's stand-in for Stripe.js; it does not exist once Stripe is configured.
  const demo = payments.demo;
  if (demo) {
    router.post('/api/payments/demo/confirm', requireUser(), async (ctx) => {
      const input = demoConfirmSchema.parse(ctx.request.body ?? {});
      // refused with NOT_YOUR_PAYMENT unless the intent is this account's
      const intent = await demo.confirm(
        input.clientSecret,
        { number: input.cardNumber, expiry: input.expiry, cvc: input.cvc },
        currentUser(ctx).id,
      );
      // a decline is recorded as Stripe's payment_intent.payment_failed webhook would record it: the purchase
      // reads as failed with the reason, and paying again on the same intent still completes it
      if (intent.status === 'requires_payment_method' && intent.failureMessage) {
        await core.purchases.handleEvent.execute({
          id: `demo_failed_${randomUUID()}`,
          type: 'payment_failed',
          intentId: intent.id,
          reason: intent.failureMessage,
        });
      }
      const body: DemoConfirmResponse = {
        paymentIntent: { id: intent.id, status: intent.status },
        ...(intent.status !== 'succeeded' && intent.failureMessage
          ? { error: { message: intent.failureMessage } }
          : {}),
      };
      ctx.body = body;
    });
  }
}
