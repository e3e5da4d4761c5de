import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { emailsQuerySchema, type EmailsResponse, type RetryEmailResponse } from '../contract/emails.ts';
import { requirePermission } from '../middleware/auth.ts';
import { secondFactorGuard } from '../middleware/second-factor.ts';
import { presentEmail } from '../presenters/emails.ts';

/** The receipts by email, for staff: the failed ones and a purchase's, and a retry, as for a Discord delivery. */
export function emailRoutes(router: Router, core: Core): void {
  router.get('/api/emails', requirePermission('view-purchases'), async (ctx) => {
    const query = emailsQuerySchema.parse(ctx.query);
    const body: EmailsResponse = { emails: (await core.mail.list.execute(query)).map(presentEmail) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/emails/:id/retry', requirePermission('refund'), secondFactorGuard(core)('refund'), async (ctx) => {
    const body: RetryEmailResponse = { email: presentEmail(await core.mail.retry.execute(String(ctx.params.id))) };
    ctx.body = body;
  });
}
