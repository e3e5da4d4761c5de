import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Core } from '../../../core/index.ts';
import {
  type AuthenticatorSetupDto,
  ceremonyStartSchema,
  type FactorAddedDto,
  passkeyAnswerSchema,
  type PasskeyOptionsDto,
  secondFactorCodeSchema,
  type SecondFactorCheckedDto,
  type SecondFactorStatusDto,
} from '../contract/security.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { secondFactorRateLimit } from '../middleware/rate-limit.ts';
import type { RateLimiter } from '../middleware/rate-limiter.ts';
import { recordSecondFactorCheck } from '../middleware/second-factor.ts';
import { sessionData } from '../middleware/session.ts';

/** The challenge of the passkey ceremony under way, taken out of the session so it serves once. */
function takeChallenge(ctx: Context) {
  const data = sessionData(ctx);
  const challenge = data.passkeyChallenge;
  delete data.passkeyChallenge;
  return challenge;
}

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/** The member's second factor: set it up (passkey, authenticator app), and check it before staff actions. */
export function securityRoutes(router: Router, core: Core, limiter: RateLimiter): void {
  const { security } = core;
  // a six-digit code is not guessed at a few tries a minute
  const tries = secondFactorRateLimit(limiter);

  router.get('/api/security/second-factor', requireUser(), async (ctx) => {
    const status = await security.status.execute({
      user: currentUser(ctx),
      checkedAt: sessionData(ctx).secondFactorAt,
    });
    const body: SecondFactorStatusDto = {
      ...status,
      passkeys: status.passkeys.map((passkey) => ({
        id: passkey.id,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      checkedAt: status.checkedAt?.toISOString() ?? null,
    };
    noStore(ctx);
    ctx.body = body;
  });

  router.post('/api/security/passkeys/options', requireUser(), async (ctx) => {
    ceremonyStartSchema.parse(ctx.request.body ?? {});
    const { options, challenge } = await security.startPasskeyRegistration.execute({ user: currentUser(ctx) });
    sessionData(ctx).passkeyChallenge = challenge;
    const body: PasskeyOptionsDto = { options: options as Record<string, unknown> };
    noStore(ctx);
    ctx.body = body;
  });

  router.post('/api/security/passkeys', requireUser(), tries, async (ctx) => {
    const challenge = takeChallenge(ctx);
    const { response } = passkeyAnswerSchema.parse(ctx.request.body ?? {});
    const added = await security.registerPasskey.execute({ user: currentUser(ctx), response, challenge });
    recordSecondFactorCheck(ctx, added.checkedAt);
    const body: FactorAddedDto = { recoveryCodes: added.recoveryCodes, checkedAt: added.checkedAt.toISOString() };
    noStore(ctx);
    ctx.status = 201;
    ctx.body = body;
  });

  router.post('/api/security/authenticator-app', requireUser(), async (ctx) => {
    ceremonyStartSchema.parse(ctx.request.body ?? {});
    const body: AuthenticatorSetupDto = await security.startTotpSetup.execute({ user: currentUser(ctx) });
    noStore(ctx);
    ctx.body = body;
  });

  router.post('/api/security/authenticator-app/confirm', requireUser(), tries, async (ctx) => {
    const { code } = secondFactorCodeSchema.parse(ctx.request.body ?? {});
    const added = await security.confirmTotpSetup.execute({ user: currentUser(ctx), code });
    recordSecondFactorCheck(ctx, added.checkedAt);
    const body: FactorAddedDto = { recoveryCodes: added.recoveryCodes, checkedAt: added.checkedAt.toISOString() };
    noStore(ctx);
    ctx.body = body;
  });

  router.post('/api/security/check/options', requireUser(), async (ctx) => {
    ceremonyStartSchema.parse(ctx.request.body ?? {});
    const { options, challenge } = await security.startPasskeyCheck.execute({ user: currentUser(ctx) });
    sessionData(ctx).passkeyChallenge = challenge;
    const body: PasskeyOptionsDto = { options: options as Record<string, unknown> };
    noStore(ctx);
    ctx.body = body;
  });

  router.post('/api/security/check/passkey', requireUser(), tries, async (ctx) => {
    const challenge = takeChallenge(ctx);
    const { response } = passkeyAnswerSchema.parse(ctx.request.body ?? {});
    const { checkedAt } = await security.checkPasskey.execute({ user: currentUser(ctx), response, challenge });
    recordSecondFactorCheck(ctx, checkedAt);
    const body: SecondFactorCheckedDto = { checkedAt: checkedAt.toISOString() };
    ctx.body = body;
  });

  router.post('/api/security/check/code', requireUser(), tries, async (ctx) => {
    const { code } = secondFactorCodeSchema.parse(ctx.request.body ?? {});
    const { checkedAt } = await security.checkCode.execute({ user: currentUser(ctx), code });
    recordSecondFactorCheck(ctx, checkedAt);
    const body: SecondFactorCheckedDto = { checkedAt: checkedAt.toISOString() };
    ctx.body = body;
  });
}
