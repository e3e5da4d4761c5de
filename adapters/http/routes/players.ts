import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Core } from '../../../core/index.ts';
import type { ActionContext } from '../../../core/players/model/account-actions.ts';
import {
  adjustTokensSchema,
  banSchema,
  changePermissionsSchema,
  changeRoleSchema,
  playerSearchQuerySchema,
  type PlayerActionResponse,
  type PlayerPageDto,
  type PlayerSearchResponse,
} from '../contract/players.ts';
import { permissionStates } from '../../../core/users/model/permissions.ts';
import { currentUser, requirePermission } from '../middleware/auth.ts';
import { secondFactorGuard } from '../middleware/second-factor.ts';
import { presentGrant } from '../presenters/grants.ts';
import { presentPlayerPage, presentPlayerProfile, presentPlayerSummary } from '../presenters/players.ts';

/** The player page for staff; the admin actions taken there (the same use cases as the terminal's). */
export function playerRoutes(router: Router, core: Core): void {
  const { players } = core;
  // each action asks again for the second factor when this session's check is over ten minutes old
  const confirmed = secondFactorGuard(core);

  router.get('/api/players', requirePermission('view-players'), async (ctx) => {
    const { q } = playerSearchQuerySchema.parse(ctx.query);
    const found = await players.search.execute({ query: q ?? '' });
    const body: PlayerSearchResponse = { players: found.map(presentPlayerSummary) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.get('/api/players/:id', requirePermission('view-players'), async (ctx) => {
    const page = await players.show.execute({ userId: String(ctx.params.id) });
    const grants = await core.grants.list.execute({ userId: page.user.id, limit: 50 });
    const body: PlayerPageDto = { ...presentPlayerPage(page), grants: grants.map(presentGrant) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  const web = (ctx: Context): ActionContext => ({ actor: currentUser(ctx), channel: 'web' });
  const answer = async (ctx: Context, userId: string) => {
    const page = await players.show.execute({ userId });
    const body: PlayerActionResponse = {
      player: presentPlayerProfile(page.user, page.storeBan, page.access, page.membership),
      permissions: permissionStates(page.user),
    };
    ctx.body = body;
  };

  router.post(
    '/api/players/:id/tokens',
    requirePermission('adjust-tokens'),
    confirmed('adjust-tokens'),
    async (ctx) => {
      const input = adjustTokensSchema.parse(ctx.request.body ?? {});
      const userId = String(ctx.params.id);
      await players.adjustTokens.execute({ userId, ...input, reference: null }, web(ctx));
      await answer(ctx, userId);
    },
  );

  router.post('/api/players/:id/ban', requirePermission('ban'), confirmed('ban'), async (ctx) => {
    const { reason } = banSchema.parse(ctx.request.body ?? {});
    const userId = String(ctx.params.id);
    await players.ban.execute({ userId, reason }, web(ctx));
    await answer(ctx, userId);
  });

  router.post('/api/players/:id/unban', requirePermission('ban'), confirmed('ban'), async (ctx) => {
    const { reason } = banSchema.parse(ctx.request.body ?? {});
    const userId = String(ctx.params.id);
    await players.unban.execute({ userId, reason }, web(ctx));
    await answer(ctx, userId);
  });

  router.post('/api/players/:id/role', requirePermission('manage-roles'), confirmed('manage-roles'), async (ctx) => {
    const { role, reason } = changeRoleSchema.parse(ctx.request.body ?? {});
    const userId = String(ctx.params.id);
    await players.changeRole.execute({ userId, role, reason }, web(ctx));
    await answer(ctx, userId);
  });

  router.post(
    '/api/players/:id/permissions',
    requirePermission('manage-roles'),
    confirmed('manage-roles'),
    async (ctx) => {
      const { grant, revoke, reason } = changePermissionsSchema.parse(ctx.request.body ?? {});
      const userId = String(ctx.params.id);
      await players.changePermissions.execute({ userId, grant, revoke, reason }, web(ctx));
      await answer(ctx, userId);
    },
  );
}
