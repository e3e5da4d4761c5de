import { timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import { DomainError, ForbiddenError, InvalidInputError, NotFoundError } from '../../../core/shared/errors.ts';
import type { Config } from '../../config.ts';
import type { DiscordIdentityProvider } from '../../identity/discord-identity-provider.ts';
import { DISCORD_SCOPES } from '../../identity/discord-scopes.ts';
import type { Logger } from '../../logger.ts';
import {
  devSignInSchema,
  safeReturnTo,
  type DevSignInResponse,
  type SessionDto,
  type SignInSetupDto,
} from '../contract/auth.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { isCrossSite } from '../middleware/csrf.ts';
import { endSession, sessionData, setSessionLifetime, startSignedInSession } from '../middleware/session.ts';
import { presentCurrentUser } from '../presenters/auth.ts';
import { cacheForSession } from '../middleware/session-response-cache.ts';
import type { User } from '../../../core/users/model/user.ts';

/** A Discord sign-in must come back within this long, or it starts over. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60_000;

interface AuthDeps {
  core: Core;
  config: Config;
  logger: Logger;
  /** Discord sign-in, or null for the development sign-in */
  identity: DiscordIdentityProvider | null;
  signInLimit: Middleware;
}

class SignInStateError extends DomainError {
  constructor() {
    super(
      'SIGN_IN_STATE_INVALID',
      'invalid',
      'This sign-in link has expired or was already used. Please sign in again.',
    );
  }
}

export function authRoutes(router: Router, deps: AuthDeps): void {
  const { core, config, logger, signInLimit, identity: discord } = deps;
  const devSignInAllowed = !discord && !config.production;
  const publicOrigin = new URL(config.server.publicUrl).origin;

  const startSignIn: Middleware = async (ctx) => {
    const returnTo = safeReturnTo(ctx.query.returnTo);
    if (!discord) {
      if (!devSignInAllowed)
        throw new ForbiddenError('SIGN_IN_UNAVAILABLE', 'Sign-in is not configured on this server.');
      ctx.redirect(returnTo === '/' ? '/dev-login' : `/dev-login?returnTo=${encodeURIComponent(returnTo)}`);
      return;
    }
    const pending = discord.begin();
    const data = sessionData(ctx);
    data.pendingSignIn = {
      state: pending.state,
      codeVerifier: pending.codeVerifier,
      returnTo,
      startedAt: core.clock.now().getTime(),
    };
    // a visitor's session only carries the sign-in state to the callback: it lives no longer than that state
    if (!data.userId) setSessionLifetime(ctx as Context, SIGN_IN_STATE_TTL_MS);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(pending.authorizeUrl);
  };
  router.get('/api/login', signInLimit, startSignIn);
  router.get('/api/auth/discord', signInLimit, startSignIn);

  router.get('/api/auth/discord/callback', signInLimit, async (ctx) => {
    // nothing to come back from: this server signs in without Discord
    if (!discord) throw new NotFoundError('SIGN_IN_UNAVAILABLE', 'Discord sign-in is not configured on this server.');
    const data = sessionData(ctx);
    const pending = data.pendingSignIn;
    // single use: whatever happens next, this state cannot be presented again
    delete data.pendingSignIn;
    let user: User;
    try {
      const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
      const fresh = pending && core.clock.now().getTime() - pending.startedAt <= SIGN_IN_STATE_TTL_MS;
      if (!pending || !fresh || !sameText(state, pending.state)) throw new SignInStateError();
      if (typeof ctx.query.error === 'string')
        throw new InvalidInputError('SIGN_IN_CANCELLED', 'Discord sign-in was cancelled. Sign in again to continue.');
      const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
      if (!code)
        throw new InvalidInputError(
          'SIGN_IN_CODE_MISSING',
          'Discord did not send a sign-in code. Please sign in again.',
        );
      user = await core.users.signIn.execute(await discord.identify(code, pending.codeVerifier));
    } catch (error) {
      // a failed sign-in leaves no anonymous session behind; someone already signed in stays signed in
      if (!data.userId) endSession(ctx as Context);
      throw error;
    }
    startSignedInSession(ctx as Context, user, core.clock.now());
    logger.info({ userId: user.id, role: user.role, via: 'discord' }, 'signed in');
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(pending.returnTo);
  });

  router.post('/api/auth/dev-login', signInLimit, async (ctx) => {
    if (!devSignInAllowed)
      throw new ForbiddenError(
        'DEV_SIGN_IN_REFUSED',
        'The development sign-in is off on this server: sign in with Discord.',
      );
    const input = devSignInSchema.parse(ctx.request.body ?? {});
    // the development form has one name: it stands for both the Discord handle and the display name
    const user = await core.users.signIn.execute({
      discordId: input.discordId,
      discordUsername: input.username,
      username: input.username,
      email: input.email ?? null,
    });
    startSignedInSession(ctx as Context, user, core.clock.now());
    logger.info({ userId: user.id, role: user.role, via: 'development' }, 'signed in');
    const body: DevSignInResponse = { user: presentCurrentUser(user), redirectTo: safeReturnTo(input.returnTo) };
    ctx.body = body;
  });

  router.get('/api/auth/logout', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // a link or image on another site must not sign anyone out: such a request is sent home, signed in as before
    if (isCrossSite(ctx as Context, publicOrigin)) {
      ctx.redirect('/');
      return;
    }
    const user = ctx.state.user;
    endSession(ctx as Context);
    if (user) logger.info({ userId: user.id }, 'signed out');
    ctx.redirect('/');
  });

  // both answers are made from the session's user alone: cached beside the session, sent again until it changes
  router.get('/api/auth/user', requireUser(), (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentCurrentUser(currentUser(ctx as Context));
    cacheForSession(ctx as Context);
  });

  router.get('/api/auth/session', (ctx) => {
    const user = ctx.state.user as User | undefined;
    const body: SessionDto = { user: user ? presentCurrentUser(user) : null };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
    cacheForSession(ctx as Context);
  });

  router.get('/api/auth/setup', (ctx) => {
    const publicUrl = config.server.publicUrlSet ? config.server.publicUrl : `${ctx.protocol}://${ctx.host}`;
    const body: SignInSetupDto = {
      mode: discord ? 'discord' : 'development',
      publicUrl,
      redirectUri: discord?.redirectUri ?? `${publicUrl}/api/auth/discord/callback`,
      scopes: [...DISCORD_SCOPES],
    };
    ctx.body = body;
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
