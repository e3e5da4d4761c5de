import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import {
  changeTierSchema,
  type ChangeTierResponse,
  membershipPreviewQuerySchema,
  type MembershipPreviewDto,
  type MembershipSummaryDto,
  type MyMembershipResponse,
  type PayRenewalResponse,
} from '../contract/memberships.ts';
import { currentUser, requirePermission, requireUser } from '../middleware/auth.ts';
import { presentMembership } from '../presenters/memberships.ts';
import type { MembershipPreview } from '../../../core/memberships/use-cases/preview-membership-change.ts';

function presentPreview(preview: MembershipPreview): MembershipPreviewDto {
  const charge = (next: { at: Date; amountCents: number; tierName: string }) => ({
    date: next.at.toISOString(),
    amount: centsToDollars(next.amountCents),
    tierName: next.tierName,
  });
  switch (preview.action) {
    case 'cancel':
      return { ...preview, benefitsUntil: preview.benefitsUntil.toISOString() };
    case 'resume':
      return { action: 'resume', nextCharge: charge(preview.nextCharge) };
    case 'change-tier':
      return {
        action: 'change-tier',
        kind: preview.kind,
        tierName: preview.tierName,
        chargeNow: centsToDollars(preview.chargeNowCents),
        tokensNow: preview.tokensNow,
        startsAt: preview.startsAt.toISOString(),
        nextCharge: charge(preview.nextCharge),
        coupon: preview.coupon
          ? {
              code: preview.coupon.code,
              offNow: centsToDollars(preview.coupon.offNowCents),
              offNext: centsToDollars(preview.coupon.offNextCents),
            }
          : null,
      };
  }
}

/** The player's own Priority Pass (always the session's user), and the admin dashboard's membership figures. */
export function membershipRoutes(router: Router, core: Core): void {
  const memberships = core.memberships;

  router.get('/api/membership', requireUser(), async (ctx) => {
    const mine = await memberships.showMine.execute(currentUser(ctx).id);
    const body: MyMembershipResponse = { membership: mine ? presentMembership(mine, mine.unpaidRenewal) : null };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/membership/cancel', requireUser(), async (ctx) => {
    const body: MyMembershipResponse = {
      membership: presentMembership(await memberships.cancel.execute(currentUser(ctx).id)),
    };
    ctx.body = body;
  });

  router.post('/api/membership/resume', requireUser(), async (ctx) => {
    const body: MyMembershipResponse = {
      membership: presentMembership(await memberships.resume.execute(currentUser(ctx).id)),
    };
    ctx.body = body;
  });

  router.get('/api/membership/preview', requireUser(), async (ctx) => {
    const query = membershipPreviewQuerySchema.parse(ctx.query);
    const preview = await memberships.preview.execute(
      currentUser(ctx).id,
      query.action === 'change-tier' ? { action: 'change-tier', tierId: query.tierId ?? '' } : { action: query.action },
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentPreview(preview);
  });

  router.post('/api/membership/change-tier', requireUser(), async (ctx) => {
    const { tierId, expectedCharge } = changeTierSchema.parse(ctx.request.body ?? {});
    const change = await memberships.changeTier.execute(
      currentUser(ctx).id,
      tierId,
      expectedCharge === undefined ? undefined : Math.round(expectedCharge * 100),
    );
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
    const { purchase, intent } = await memberships.payRenewal.execute(currentUser(ctx).id);
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

  router.get('/api/memberships/summary', requirePermission('view-purchases'), async (ctx) => {
    const summary = await memberships.summary.execute();
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
