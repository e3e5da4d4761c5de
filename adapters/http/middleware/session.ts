import { CookieKeys } from './cookie-keys.ts';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import { DomainError } from '../../../core/shared/errors.ts';
import type { Role, User } from '../../../core/users/user.ts';
import type { Clock } from '../../../core/shared/ports.ts';
import type { SessionStore } from '../../persistence/session-store.ts';

export const SESSION_COOKIE = 'bayou.sid';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Sessions end after this long without a request: shorter for accounts that can review and see purchases. */
export const IDLE_LIMIT_MS: Record<Role, number> = { player: 7 * DAY, staff: 12 * HOUR, admin: 12 * HOUR };
/** However active, a session ends this long after sign-in. */
export const ABSOLUTE_LIMIT_MS = 30 * DAY;
const KOA_SESSION_STORE_EXTRA_MS = 10_000;
/** Activity is written back at most this often, not on every request. */
const TOUCH_MS = 60_000;

/** What the session keeps; nothing else about the user (role, ban, balance) is trusted from it. */
interface SessionData {
  userId?: string;
  signedInAt?: number;
  seenAt?: number;
  /** a Discord sign-in in progress (see routes/auth.ts) */
  pendingSignIn?: { state: string; codeVerifier: string; returnTo: string; startedAt: number };
}

export function sessionData(ctx: Context): SessionData {
  return ctx.session as unknown as SessionData;
}

interface SessionDeps {
  store: SessionStore;
  /** signs the cookie */
  secret: string;
  /** Secure cookies (production, behind HTTPS) */
  secure: boolean;
  clock: Clock;
  /** reads a user the store did not answer with the session */
  users: { get: { execute(userId: string): Promise<User> } };
}

declare module 'koa' {
  interface DefaultState {
    /** the user the session store read with this request's session */
    sessionUser?: User | null;
  }
}

/**
 * koa-session with the sessions table as its store, then the signed-in user as the database holds it now, so a
 * role change or a ban applies on the very next request.
 */
export function sessions(app: Koa, deps: SessionDeps): Middleware[] {
  app.keys = new CookieKeys([deps.secret]);
  const { clock, store } = deps;
  const cookies = session(
    {
      key: SESSION_COOKIE,
      maxAge: IDLE_LIMIT_MS.player,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: deps.secure,
      rolling: false,
      renew: false,
      // 256 random bits
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        get: async (sid: string, _maxAge: number, options: { rolling: boolean; ctx?: any }) => {
          const found = await store.get(sid);
          if (found && options.ctx) (options.ctx as Context).state.sessionUser = found.user;
          return found?.sess;
        },
        // koa-session asks the store to keep a row 10 s longer than its cookie; nothing reads it in those 10 s
        set: (sid: string, sess: Record<string, unknown>, maxAge: number) =>
          store.set(sid, sess, maxAge - KOA_SESSION_STORE_EXTRA_MS),
        destroy: (sid: string) => store.destroy(sid),
      },
    },
    app,
  );
  const loadUser: Middleware = async (ctx, next) => {
    const data = sessionData(ctx);
    if (typeof data?.userId !== 'string') return next();
    const now = clock.now().getTime();
    const readAlready = ctx.state.sessionUser;
    const user =
      readAlready?.id === data.userId
        ? readAlready
        : await deps.users.get.execute(data.userId).catch((error: unknown) => {
            if (error instanceof DomainError && error.kind === 'not_found') return null;
            throw error;
          });
    const signedInAt = data.signedInAt ?? 0;
    const seenAt = data.seenAt ?? 0;
    if (!user || user.bannedAt || now - signedInAt > ABSOLUTE_LIMIT_MS || now - seenAt > IDLE_LIMIT_MS[user.role]) {
      ctx.session = null;
      return next();
    }
    if (now - seenAt >= TOUCH_MS) {
      data.seenAt = now;
      ctx.session!.maxAge = cookieLifetime(user.role, signedInAt, now);
    }
    ctx.state.user = user;
    return next();
  };
  return [cookies, loadUser];
}

function cookieLifetime(role: Role, signedInAt: number, now: number): number {
  return Math.max(1000, Math.min(IDLE_LIMIT_MS[role], signedInAt + ABSOLUTE_LIMIT_MS - now));
}

/** Starts a signed-in session under a new id (the old one is destroyed), so an id seen before sign-in is worthless. */
export async function startSignedInSession(ctx: Context, user: User, now: Date): Promise<void> {
  const data = sessionData(ctx);
  delete data.pendingSignIn;
  data.userId = user.id;
  data.signedInAt = now.getTime();
  data.seenAt = now.getTime();
  ctx.session!.maxAge = cookieLifetime(user.role, now.getTime(), now.getTime());
  await ctx.session!.regenerate();
  ctx.state.user = user;
}

/** Destroys the session on the server and clears the cookie. */
export function endSession(ctx: Context): void {
  ctx.session = null;
  ctx.state.user = undefined;
}
