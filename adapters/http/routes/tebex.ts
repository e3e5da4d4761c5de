import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { DomainError, NotFoundError } from '../../../core/shared/errors.ts';
import type { PaymentAdapters } from '../../payments/payment-adapters.ts';
import type { Logger } from '../../logger.ts';
import { logUnmatched } from './stripe-webhook.ts';

/**
 * Tebex's side of the store: the buyer's way through a basket (sign in at Tebex when the webstore asks, then Tebex's
 * checkout page), and Tebex's signed webhooks, which drive the same use cases as Stripe's.
 */
export function tebexRoutes(router: Router, core: Core, payments: PaymentAdapters, logger: Logger): void {
  const tebex = payments.tebex;

  router.get('/api/tebex/baskets/:ident/continue', async (ctx) => {
    if (!tebex) throw new NotFoundError('TEBEX_NOT_CONFIGURED', 'Tebex does not take payments on this store.');
    const ident = ctx.params.ident;
    const user = ctx.state.user as { id: string } | undefined;
    // signed out (another browser, or a session that ended): the success page asks them to sign in
    if (!user) return ctx.redirect(`/checkout-success?payment_intent=${encodeURIComponent(ident)}`);
    const { purchase } = await core.purchases.showMine.execute({ reference: ident, buyerId: user.id });
    try {
      ctx.redirect(await tebex.gateway.continueCheckout(ident));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const problem = encodeURIComponent(error.message);
      ctx.redirect(`/checkout-success?payment_intent=${encodeURIComponent(purchase.id)}&problem=${problem}`);
    }
  });

  router.post('/api/tebex/webhook', async (ctx) => {
    if (!tebex)
      throw new NotFoundError('WEBHOOKS_NOT_CONFIGURED', 'Tebex webhooks are not configured (PAYMENT_GATEWAY=tebex).');
    // Tebex's advice: anything from elsewhere gets a plain 404
    if (tebex.webhookIps && !tebex.webhookIps.includes(normalIp(ctx.ip)))
      throw new NotFoundError('NOT_FOUND', `No API route ${ctx.method} ${ctx.path}.`);
    const delivery = await tebex.webhooks.parse(
      ctx.request.rawBody ?? Buffer.alloc(0),
      ctx.get('x-signature') || undefined,
    );
    switch (delivery.kind) {
      case 'validation':
        ctx.body = { id: delivery.id };
        return;
      case 'ignored':
        ctx.body = { received: true, applied: false };
        return;
      case 'basket': {
        const result = await core.purchases.proveBasketPayment.execute(delivery.event);
        if (result.unmatched) logUnmatched(logger, 'tebex', result.unmatched);
        // a subscription of the site's: the membership applies Tebex's billing event
        const billing = result.subscription && delivery.billing;
        const applied = billing ? (await core.memberships.handleEvent.execute(billing)).applied : result.applied;
        ctx.body = { received: true, applied };
        return;
      }
      case 'payment': {
        const result = await core.purchases.handleEvent.execute(delivery.event);
        if (result.unmatched) logUnmatched(logger, 'tebex', result.unmatched);
        ctx.body = { received: true, applied: result.applied };
      }
    }
  });
}

/** an IPv4 address as Node may show it on a dual-stack socket (::ffff:1.2.3.4) */
function normalIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
}
