import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import {
  createCouponRequestSchema,
  createSaleRequestSchema,
  quoteQuerySchema,
  type CouponsResponse,
  type ItemsOnSaleResponse,
  type SalesResponse,
} from '../contract/promotions.ts';
import { currentUser, requirePermission, requireUser } from '../middleware/auth.ts';
import type { RateLimiter } from '../middleware/rate-limiter.ts';
import { couponRateLimit } from '../middleware/rate-limit.ts';
import { presentCoupon, presentItemOnSale, presentQuote, presentSale } from '../presenters/promotions.ts';

/** Quotes for the checkout page, what is on sale for the cards, and the admins' coupons and sales. */
export function promotionRoutes(router: Router, core: Core, couponLimiter: RateLimiter): void {
  const promotions = core.promotions;
  // a code tried counts against the player and the address, whichever runs out first (guessing codes)
  const codeAttempts: Middleware = couponRateLimit(
    couponLimiter,
    (ctx: Context) => typeof ctx.query.coupon === 'string' && ctx.query.coupon.trim() !== '',
  );

  router.get('/api/checkout/quote', requireUser(), codeAttempts, async (ctx) => {
    const query = quoteQuerySchema.parse(ctx.query);
    const quote = await promotions.quote.execute({
      productType: query.productType,
      productId: query.productId,
      optionId: query.option,
      couponCode: query.coupon,
      buyerId: currentUser(ctx).id,
      giftMonths: query.months,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentQuote(quote);
  });

  router.get('/api/sales/live', async (ctx) => {
    const body: ItemsOnSaleResponse = { items: (await promotions.onSale.execute()).map(presentItemOnSale) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.get('/api/coupons', requirePermission('manage-promotions'), async (ctx) => {
    const now = core.clock.now();
    const body: CouponsResponse = {
      coupons: (await promotions.listCoupons.execute()).map((coupon) => presentCoupon(coupon, now)),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/coupons', requirePermission('manage-promotions'), async (ctx) => {
    const input = createCouponRequestSchema.parse(ctx.request.body ?? {});
    const created = await promotions.createCoupon.execute({
      code: input.code,
      percentOff: input.percentOff,
      amountOffCents: input.amountOff === undefined ? undefined : dollarsToCents(input.amountOff),
      productIds: input.productIds,
      productTypes: input.productTypes,
      maxUses: input.maxUses,
      perPlayer: input.perPlayer,
      startsAt: input.startsAt,
      expiresAt: input.expiresAt,
      months: input.months === 'forever' ? null : input.months,
      createdBy: currentUser(ctx).id,
    });
    ctx.status = 201;
    ctx.body = presentCoupon({ ...created, uses: 0 }, core.clock.now());
  });

  router.post('/api/coupons/:code/disable', requirePermission('manage-promotions'), async (ctx) => {
    await promotions.disableCoupon.execute({ code: String(ctx.params.code) });
    const coupon = await promotions.showCoupon.execute({ code: String(ctx.params.code) });
    ctx.body = presentCoupon(coupon, core.clock.now());
  });

  router.get('/api/sales', requirePermission('manage-promotions'), async (ctx) => {
    const now = core.clock.now();
    const body: SalesResponse = { sales: (await promotions.listSales.execute()).map((sale) => presentSale(sale, now)) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/sales', requirePermission('manage-promotions'), async (ctx) => {
    const input = createSaleRequestSchema.parse(ctx.request.body ?? {});
    const sale = await promotions.createSale.execute({ ...input, createdBy: currentUser(ctx).id });
    ctx.status = 201;
    ctx.body = presentSale(sale, core.clock.now());
  });

  router.post('/api/sales/:id/end', requirePermission('manage-promotions'), async (ctx) => {
    const sale = await promotions.endSale.execute({ id: String(ctx.params.id) });
    ctx.body = presentSale(sale, core.clock.now());
  });
}
