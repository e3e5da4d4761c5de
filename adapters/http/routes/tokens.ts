import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Core } from '../../../core/index.ts';
import { earnedTokens } from '../../../core/users/model/user.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import type { TokenBalanceDto, TokenHistoryDto } from '../contract/tokens.ts';
import { presentTokenEntry } from '../presenters/auth.ts';
import { cacheForSession } from '../middleware/session-response-cache.ts';

export function tokenRoutes(router: Router, core: Core): void {
  router.get('/api/user/tokens', requireUser(), (ctx) => {
    // the user as the database holds it now: read for this request, or cached in memory and dropped on every change
    // (a credit or a spend changes the user): the response is cached beside the session until then
    const user = currentUser(ctx as Context);
    const body: TokenBalanceDto = {
      tokens: user.tokens,
      boughtTokens: user.boughtTokens,
      earnedTokens: earnedTokens(user),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
    cacheForSession(ctx as Context);
  });

  router.get('/api/user/tokens/history', requireUser(), async (ctx) => {
    const entries = await core.tokens.history.execute({ userId: currentUser(ctx as Context).id, limit: 100 });
    const body: TokenHistoryDto = { entries: entries.map(presentTokenEntry) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
