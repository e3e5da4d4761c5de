import { presentGrant } from '../presenters/grants.ts';
import { beneficiaryOf } from '../../../core/purchases/model/gift.ts';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import type { PurchaseListInput } from '../../../core/purchases/use-cases/list-purchases.ts';
import { sendJson } from '../json-response.ts';
import { csvLines } from '../../export/csv.ts';
import { PURCHASE_EXPORT_COLUMNS, purchaseExportRecord } from '../../export/purchase-export.ts';
import {
  purchaseFilterQuerySchema,
  purchasesQuerySchema,
  refundPurchaseSchema,
  type RecentPurchasesResponse,
} from '../contract/purchases.ts';
import { currentUser, requirePermission } from '../middleware/auth.ts';
import { secondFactorGuard } from '../middleware/second-factor.ts';
import {
  presentPurchase,
  presentPurchaseDetail,
  presentPurchaseList,
  presentRecentPurchase,
} from '../presenters/purchases.ts';

const DAY_MS = 86_400_000;

/** the query's days (UTC) as the use case's instants: `to` takes in its whole day */
function listInput(query: {
  status?: PurchaseListInput['status'];
  productType?: string;
  buyer?: string;
  from?: string;
  to?: string;
  unpaid?: '1';
}): PurchaseListInput {
  return {
    status: query.status,
    productType: query.productType,
    buyer: query.buyer,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
    unpaid: query.unpaid === '1',
  };
}

/** an export holds at most this many rows (the newest) */
const EXPORT_MAX_ROWS = 10_000;

/** `cachedList` answers the list from memory while nothing it reads has changed (ListResponseCache) */
export function purchaseRoutes(router: Router, core: Core, cachedList: Middleware): void {
  router.get('/api/purchases', requirePermission('view-purchases'), cachedList, async (ctx) => {
    const query = purchasesQuerySchema.parse(ctx.query);
    const { purchases, summary, nextBefore } = await core.purchases.list.execute({
      ...listInput(query),
      limit: query.limit,
      before: query.before,
    });
    const deliveries = await core.delivery.forPurchases.execute(purchases.map((purchase) => purchase.id));
    ctx.set('Cache-Control', 'no-store');
    sendJson(ctx, presentPurchaseList(purchases, summary, nextBefore, deliveries, core.clock.now()));
  });

  router.get('/api/purchases/export.csv', requirePermission('view-purchases'), async (ctx) => {
    const input = listInput(purchaseFilterQuerySchema.parse(ctx.query));
    const now = core.clock.now();
    const rows: ReturnType<typeof purchaseExportRecord>[] = [];
    let before: string | undefined;
    do {
      const page = await core.purchases.list.execute({ ...input, limit: 100, before });
      for (const purchase of page.purchases) {
        rows.push(purchaseExportRecord(presentPurchase(purchase, [], now)));
      }
      before = page.nextBefore ?? undefined;
    } while (before && rows.length < EXPORT_MAX_ROWS);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="purchases-${now.toISOString().slice(0, 10)}.csv"`);
    ctx.body = `${csvLines(PURCHASE_EXPORT_COLUMNS, rows.slice(0, EXPORT_MAX_ROWS)).join('\r\n')}\r\n`;
  });

  // public and anonymised: first name and initial, item, amount, and when (the UI shows it as a relative time)
  router.get('/api/purchases/recent', async (ctx) => {
    const body: RecentPurchasesResponse = {
      items: (await core.purchases.recent.execute({ limit: 15 })).map(presentRecentPurchase),
    };
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = body;
  });

  router.get('/api/purchases/:id', requirePermission('view-purchases'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await purchaseDetail(core, String(ctx.params.id));
  });

  router.post(
    '/api/purchases/:id/refund',
    requirePermission('refund'),
    secondFactorGuard(core)('refund'),
    async (ctx) => {
      const { reason } = refundPurchaseSchema.parse(ctx.request.body ?? {});
      const purchase = await core.purchases.show.execute({ reference: String(ctx.params.id) });
      await core.purchases.refund.execute({ id: purchase.id, reason, adminId: currentUser(ctx).id });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await purchaseDetail(core, purchase.id);
    },
  );
}

async function purchaseDetail(core: Core, reference: string) {
  const purchase = await core.purchases.show.execute({ reference });
  const deliveries = (await core.delivery.forPurchases.execute([purchase.id])).get(purchase.id) ?? [];
  const buyer = await core.users.get.execute(purchase.userId).catch(() => null);
  // the tokens went to whoever holds it: the buyer, or a gift's recipient
  const holderId = beneficiaryOf(purchase);
  const holder =
    holderId === purchase.userId || !holderId ? buyer : await core.users.get.execute(holderId).catch(() => null);
  // the holder's newest entries hold this purchase's: its credit and any reversal
  const ledger = holder ? await core.tokens.history.execute({ userId: holder.id, limit: 500 }) : [];
  const history = await core.purchases.history.execute(purchase.id);
  const terms = await core.purchases.refundTerms.execute(purchase);
  const grants = await core.grants.show.execute([purchase.id]);
  return {
    ...presentPurchaseDetail(purchase, buyer, ledger, deliveries, history, terms, core.clock.now(), holder),
    grants: grants.map(presentGrant),
  };
}
