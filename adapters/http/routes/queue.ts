import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import type { QueueAction, QueueActionKind } from '../../../core/queue/model/queue.ts';
import {
  type MyQueuePlaceDto,
  queueActionSchema,
  type QueueActionDto,
  type QueueReportResponse,
  type QueuesDto,
  type QueueWaitsDto,
} from '../contract/queue.ts';
import { currentUser, requirePermission, requireUser } from '../middleware/auth.ts';

/**
 * The game server's report of its queue (decision 0110), with the server's key like every /api/game/ route; the
 * answer carries the staff actions for the resource to apply.
 */
export function queueReportRoutes(router: Router, core: Core, key: Middleware): void {
  router.post('/api/game/queue', key, async (ctx) => {
    const { actions } = await core.queue.receiveReport.execute(ctx.request.body ?? {});
    const body: QueueReportResponse = {
      actions: actions.map((action) => ({
        id: action.id,
        action: action.action,
        discordId: action.discordId,
        reason: action.reason,
      })),
    };
    ctx.body = body;
  });
}

const presentAction = (action: QueueAction): QueueActionDto => ({
  id: action.id,
  server: action.server,
  discordId: action.discordId,
  action: action.action,
  reason: action.reason,
  createdAt: action.createdAt.toISOString(),
});

/** The player's own place, the staff page's queues and actions, and the dashboard's waits. */
export function queueRoutes(router: Router, core: Core): void {
  router.get('/api/queue/mine', requireUser(), async (ctx) => {
    const place = await core.queue.showPlace.execute(currentUser(ctx).discordId);
    const body: MyQueuePlaceDto = {
      place: place && {
        server: place.server,
        place: place.place,
        ahead: place.ahead,
        waiting: place.waiting,
        online: place.online,
        slots: place.slots,
        since: place.since.toISOString(),
        expectedWait: place.expectedWait,
        reportedAt: place.reportedAt.toISOString(),
      },
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  const manage = requirePermission('manage-queue');
  router.get('/api/queue', manage, async (ctx) => {
    const states = await core.queue.list.execute(currentUser(ctx));
    const body: QueuesDto = {
      servers: states.map((state) => ({
        server: state.server,
        slots: state.slots,
        online: state.online,
        reportedAt: state.receivedAt.toISOString(),
        fresh: state.fresh,
        waiting: state.waiting.map((player, index) => ({
          place: index + 1,
          discordId: player.discordId,
          name: player.name,
          priority: player.priority,
          tier: player.tier,
          tierName: player.tierName,
          since: player.since.toISOString(),
        })),
      })),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  const act = (action: QueueActionKind) => async (ctx: Context) => {
    const { reason } = queueActionSchema.parse(ctx.request.body ?? {});
    const done = await core.queue.act.execute({
      server: String(ctx.params.server),
      discordId: String(ctx.params.discordId),
      action,
      reason: reason ?? null,
      actor: currentUser(ctx),
      channel: 'web',
    });
    ctx.status = 201;
    ctx.body = presentAction(done);
  };
  router.post('/api/queue/:server/players/:discordId/front', manage, act('front'));
  router.post('/api/queue/:server/players/:discordId/remove', manage, act('remove'));

  router.get('/api/dashboard/queue-waits', requirePermission('view-purchases'), async (ctx) => {
    const body: QueueWaitsDto = await core.queue.waits.execute();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
