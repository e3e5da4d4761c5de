import type Router from '@koa/router';
import type { Context } from 'koa';
import { reviewerName } from '../../../core/audit/model/reviewer.ts';
import type { Core } from '../../../core/index.ts';
import type { WebhookEndpointInput } from '../../../core/webhooks/model/webhook-endpoint.ts';
import {
  type CreatedWebhookEndpointResponse,
  type QueuedWebhookMessageResponse,
  type WebhookEndpointsResponse,
  type WebhookMessagesResponse,
  webhookMessagesQuerySchema,
} from '../contract/webhooks.ts';
import { currentUser, requirePermission } from '../middleware/auth.ts';
import { secondFactorGuard } from '../middleware/second-factor.ts';
import { presentWebhookEndpoint, presentWebhookMessage } from '../presenters/webhooks.ts';

/**
 * Outbound webhooks (decision 0108), for those who manage integrations: the endpoints, each one's messages with every
 * try's answer, a test message and a resend. Adding and removing an endpoint asks the second factor where its holders
 * need one (STAFF_2FA).
 */
export function webhookRoutes(router: Router, core: Core): void {
  const manage = requirePermission('manage-integrations');
  const checked = secondFactorGuard(core)('manage-integrations');
  const { webhooks } = core;
  const by = (ctx: Context) => reviewerName(currentUser(ctx));
  const id = (ctx: Context) => String(ctx.params.id);

  router.get('/api/webhooks', manage, async (ctx) => {
    const body: WebhookEndpointsResponse = {
      endpoints: (await webhooks.list.execute()).map(({ endpoint, last }) => presentWebhookEndpoint(endpoint, last)),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/webhooks', manage, checked, async (ctx) => {
    const { endpoint, secret } = await webhooks.add.execute({
      endpoint: (ctx.request.body ?? {}) as WebhookEndpointInput,
      by: by(ctx),
    });
    const body: CreatedWebhookEndpointResponse = { endpoint: presentWebhookEndpoint(endpoint), secret };
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = body;
  });

  router.delete('/api/webhooks/:id', manage, checked, async (ctx) => {
    await webhooks.remove.execute({ id: id(ctx), by: by(ctx) });
    ctx.status = 204;
  });

  router.post('/api/webhooks/:id/test', manage, async (ctx) => {
    const body: QueuedWebhookMessageResponse = {
      message: presentWebhookMessage(await webhooks.test.execute({ endpointId: id(ctx), by: by(ctx) })),
    };
    ctx.status = 202;
    ctx.body = body;
  });

  router.get('/api/webhooks/:id/messages', manage, async (ctx) => {
    const query = webhookMessagesQuerySchema.parse(ctx.query);
    const body: WebhookMessagesResponse = {
      messages: (await webhooks.messages.execute({ endpointId: id(ctx), limit: query.limit })).map(
        presentWebhookMessage,
      ),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/webhooks/messages/:id/resend', manage, async (ctx) => {
    const body: QueuedWebhookMessageResponse = {
      message: presentWebhookMessage(await webhooks.resend.execute({ messageId: id(ctx) })),
    };
    ctx.status = 202;
    ctx.body = body;
  });
}
