import type Router from '@koa/router';
import type { Context } from 'koa';
import { ApiTokenNotFoundError } from '../../../core/api-tokens/errors.ts';
import type { ApiTokenInput } from '../../../core/api-tokens/model/api-token.ts';
import { allowsScope, API_SCOPES } from '../../../core/api-tokens/model/scopes.ts';
import type { Core } from '../../../core/index.ts';
import type { ApiTokensResponse, CreatedApiTokenResponse } from '../contract/api-tokens.ts';
import { currentUser, requirePermission } from '../middleware/auth.ts';
import { presentApiToken } from '../presenters/api-tokens.ts';
import { applicationId } from './applications.ts';

/** The admin screen's API tokens (decision 0109): made, listed and revoked by those who manage integrations. */
export function apiTokenRoutes(router: Router, core: Core): void {
  const manage = requirePermission('manage-integrations');
  const tokens = core.apiTokens;
  const idOf = (ctx: Context) => applicationId(ctx, (id) => new ApiTokenNotFoundError(id));

  router.get('/api/api-tokens', manage, async (ctx) => {
    const actor = currentUser(ctx);
    const body: ApiTokensResponse = {
      tokens: (await tokens.list.execute({ actor })).map(presentApiToken),
      allowedScopes: API_SCOPES.filter((scope) => allowsScope(actor, scope)),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/api-tokens', manage, async (ctx) => {
    const made = await tokens.create.execute({
      token: (ctx.request.body ?? {}) as ApiTokenInput,
      actor: currentUser(ctx),
    });
    const body: CreatedApiTokenResponse = { token: presentApiToken(made.token), secret: made.secret };
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/api-tokens/:id/revoke', manage, async (ctx) => {
    const revoked = await tokens.revoke.execute({ id: idOf(ctx), actor: currentUser(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentApiToken(revoked);
  });
}
