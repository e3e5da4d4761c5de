import type Router from '@koa/router';
import type { Context } from 'koa';
import { noBody } from '../middleware/no-body.ts';
import type { Core } from '../../../core/index.ts';
import type { Challenge } from '../../../core/security/model/second-factor.ts';
import {
  type AuthenticatorSetupDto,
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

/**
 * The browser's answer to the passkey ceremony under way, and the challenge it answers: taken out of the session
 * first, so it serves once even when the answer is malformed.
 */
function passkeyAnswer(ctx: Context) {
  const data = sessionData(ctx);
  const challenge = data.passkeyChallenge;
  delete data.passkeyChallenge;
  const { response } = passkeyAnswerSchema.parse(ctx.request.body ?? {});
  return { response, challenge };
}

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/** A passkey ceremony begins: its challenge waits in the session, its options go to the browser (never stored). */
function sendPasskeyOptions(ctx: Context, started: { options: unknown; challenge: Challenge }) {
  sessionData(ctx).passkeyChallenge = started.challenge;
  const body: PasskeyOptionsDto = { options: started.options as Record<string, unknown> };
  noStore(ctx);
  ctx.body = body;
}

/** A second factor was added: it counts as a check just passed, and its recovery codes are shown once (never stored). */
function sendFactorAdded(ctx: Context, added: { recoveryCodes: FactorAddedDto['recoveryCodes']; checkedAt: Date }) {
  recordSecondFactorCheck(ctx, added.checkedAt);
  const body: FactorAddedDto = { recoveryCodes: added.recoveryCodes, checkedAt: added.checkedAt.toISOString() };
  noStore(ctx);
  ctx.body = body;
}

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
    noBody(ctx);
    sendPasskeyOptions(ctx, await security.startPasskeyRegistration.execute({ user: currentUser(ctx) }));
  });

  router.post('/api/security/passkeys', requireUser(), tries, async (ctx) => {
    const { response, challenge } = passkeyAnswer(ctx);
    const added = await security.registerPasskey.execute({ user: currentUser(ctx), response, challenge });
    ctx.status = 201;
    sendFactorAdded(ctx, added);
  });

  router.post('/api/security/authenticator-app', requireUser(), async (ctx) => {
    noBody(ctx);
    const body: AuthenticatorSetupDto = await security.startTotpSetup.execute({ user: currentUser(ctx) });
    noStore(ctx);
    ctx.body = body;
  });

  router.post('/api/security/authenticator-app/confirm', requireUser(), tries, async (ctx) => {
    const { code } = secondFactorCodeSchema.parse(ctx.request.body ?? {});
    sendFactorAdded(ctx, await security.confirmTotpSetup.execute({ user: currentUser(ctx), code }));
  });

  router.post('/api/security/check/options', requireUser(), async (ctx) => {
    noBody(ctx);
    sendPasskeyOptions(ctx, await security.startPasskeyCheck.execute({ user: currentUser(ctx) }));
  });

  router.post('/api/security/check/passkey', requireUser(), tries, async (ctx) => {
    const { response, challenge } = passkeyAnswer(ctx);
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
