import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import {
  changeTierSchema,
  type ChangeTierResponse,
  type MembershipSummaryDto,
  type MyMembershipResponse,
  type PayRenewalResponse,
} from '../contract/memberships.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { presentMembership } from '../presenters/memberships.ts';

/** The player's own Priority Pass (always the session's user), and the admin dashboard's membership figures. */
export function membershipRoutes(router: Router, core: Core): void {
  const { manage, admin } = core.memberships;

  router.get('/api/membership', requireUser(), async (ctx) => {
    const mine = await manage.mine(currentUser(ctx).id);
    const body: MyMembershipResponse = { membership: mine ? presentMembership(mine, mine.unpaidRenewal) : null };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/membership/cancel', requireUser(), async (ctx) => {
    const body: MyMembershipResponse = { membership: presentMembership(await manage.cancel(currentUser(ctx).id)) };
    ctx.body = body;
  });

  router.post('/api/membership/resume', requireUser(), async (ctx) => {
    const body: MyMembershipResponse = { membership: presentMembership(await manage.resume(currentUser(ctx).id)) };
    ctx.body = body;
  });

  router.post('/api/membership/change-tier', requireUser(), async (ctx) => {
    const { tierId } = changeTierSchema.parse(ctx.request.body ?? {});
    const change = await manage.changeTier(currentUser(ctx).id, tierId);
    const body: ChangeTierResponse = {
      change: change.kind,
      membership: presentMembership(change.membership),
      charged:
        change.kind === 'upgrade'
          ? {
              amount: centsToDollars(change.purchase.priceCents),
              tokens: change.purchase.tokensAwarded,
              purchaseId: change.purchase.id,
            }
          : null,
    };
    ctx.body = body;
  });

  router.post('/api/membership/pay-renewal', requireUser(), async (ctx) => {
    const { purchase, intent } = await manage.payRenewal(currentUser(ctx).id);
    const body: PayRenewalResponse = {
      purchaseId: purchase.id,
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      amount: centsToDollars(purchase.priceCents),
      productName: purchase.productName,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.get('/api/memberships/summary', requireRole('admin'), async (ctx) => {
    const summary = await admin.summary();
    const body: MembershipSummaryDto = {
      tiers: summary.tiers.map((tier) => ({
        tierId: tier.tierId,
        name: tier.name,
        members: tier.members,
        monthly: centsToDollars(tier.monthlyCents),
      })),
      members: summary.members,
      mrr: centsToDollars(summary.mrrCents),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
