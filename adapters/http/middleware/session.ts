import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware, Next } from 'koa';
import { DomainError } from '../../../core/shared/errors.ts';
import type { Role, User } from '../../../core/users/model/user.ts';
import type { Clock } from '../../../core/shared/ports.ts';
import type { SessionStore, StoredSession } from '../../../core/users/ports.ts';
import { CookieKeys } from './cookie-keys.ts';
import type { Challenge } from '../../../core/security/model/second-factor.ts';

export const SESSION_COOKIE = 'bayou.sid';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Sessions end after this long without a request: shorter for accounts that can review and see purchases. */
export const IDLE_LIMIT_MS: Record<Role, number> = { player: 7 * DAY, staff: 12 * HOUR, admin: 12 * HOUR };
/** However active, a session ends this long after sign-in. */
export const ABSOLUTE_LIMIT_MS = 30 * DAY;
/** Activity is written back at most this often, not on every request. */
const TOUCH_MS = 60_000;

/** What the session caches; nothing else about the user (role, ban, balance) is trusted from it. */
interface SessionData {
  userId?: string;
  signedInAt?: number;
  seenAt?: number;
  /** a Discord sign-in in progress (see routes/auth.ts) */
  pendingSignIn?: { state: string; codeVerifier: string; returnTo: string; startedAt: number };
  /** when this session last checked the member's second factor (ms) */
  secondFactorAt?: number;
  /** the passkey ceremony under way: its challenge, used once (see routes/security.ts) */
  passkeyChallenge?: Challenge;
}

/** The session of this request: its data, how long it lives from its next save, and what is to happen to it. */
interface RequestSession {
  /** the id the cookie carried and the store knew; undefined for a new session (one is made when it is saved) */
  sid: string | undefined;
  data: SessionData;
  /** the session as read (with what the store caches beside the data), to tell whether a request changed it */
  read: Saved | undefined;
  maxAge: number;
  /** saved whatever the data: its lifetime was set, or it moves to a new id */
  mustSave: boolean;
  regenerate: boolean;
  ended: boolean;
}

const REQUEST_SESSION = Symbol('session');
type WithSession = Context & { [REQUEST_SESSION]?: RequestSession };

function requestSession(ctx: Context): RequestSession {
  const session = (ctx as WithSession)[REQUEST_SESSION];
  if (!session) throw new Error('No session on this request: only /api/ requests read one.');
  return session;
}

/** The session's data; changes to it are saved when the request ends. */
export function sessionData(ctx: Context): SessionData {
  return requestSession(ctx).data;
}

/** From its next save, the session and its cookie live `ms` (the session is saved even when its data is unchanged). */
export function setSessionLifetime(ctx: Context, ms: number): void {
  const session = requestSession(ctx);
  session.maxAge = ms;
  session.mustSave = true;
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

/** What the store caches beside the data (as sessions saved before hold it): when it ends and its lifetime. */
interface Saved extends SessionData {
  _expire?: number;
  _maxAge?: number;
}

/** The value of cookie `name` in a Cookie header; undefined when it is not there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let at = header.indexOf(`${name}=`);
  // the name must start the header or follow "; " (so bayou.sid does not match bayou.sid.sig or x-bayou.sid)
  while (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';') at = header.indexOf(`${name}=`, at + 1);
  if (at < 0) return undefined;
  const from = at + name.length + 1;
  const end = header.indexOf(';', from);
  return header.slice(from, end < 0 ? header.length : end).trim();
}

/** The session id of a Cookie header whose session cookie carries a good signature; undefined otherwise. */
export function signedSessionId(header: string | undefined, keys: CookieKeys): string | undefined {
  const sid = cookieValue(header, SESSION_COOKIE);
  const signature = sid && cookieValue(header, `${SESSION_COOKIE}.sig`);
  return sid && signature && keys.verify(`${SESSION_COOKIE}=${sid}`, signature) ? sid : undefined;
}

/** Whether a session as saved is past the instant it ends (it is valid up to and including it). */
function expired(saved: Saved, now: number): boolean {
  return typeof saved._expire === 'number' && saved._expire < now;
}

/**
 * The sessions table behind a signed cookie (the cookie holds only a random id), then the signed-in user as the
 * database holds it now, so a role change or a ban applies on the very next request. A session is written back
 * only when a request changed it, set its lifetime or ended it; the cookie is set only then.
 */
export function sessions(app: Koa, deps: SessionDeps): Middleware[] {
  const keys = new CookieKeys([deps.secret]);
  app.keys = keys;
  const { clock, store } = deps;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    signed: true,
    secure: deps.secure,
    overwrite: true,
  };

  const fresh = (): RequestSession => ({
    sid: undefined,
    data: {},
    read: undefined,
    maxAge: IDLE_LIMIT_MS.player,
    mustSave: false,
    regenerate: false,
    ended: false,
  });

  /** The session the store found for `sid` (a fresh one for none or an expired one). */
  const opened = (ctx: Context, sid: string, found: StoredSession | undefined): RequestSession => {
    const session = fresh();
    if (!found) return session;
    ctx.state.sessionUser = found.user;
    // the store hands each request a copy of its own: it stays as read, to compare with at the end
    const saved = found.sess as Saved;
    if (expired(saved, clock.now().getTime())) return session;
    const data: Record<string, unknown> = {};
    for (const key in saved) if (key !== '_expire' && key !== '_maxAge') data[key] = saved[key as keyof Saved];
    session.sid = sid;
    session.data = data;
    session.read = saved;
    if (typeof saved._maxAge === 'number') session.maxAge = saved._maxAge;
    return session;
  };

  /** The request's session: at once when there is no valid cookie or the store caches it in memory, else once read. */
  const read = (ctx: Context): RequestSession | Promise<RequestSession> => {
    const sid = signedSessionId(ctx.get('Cookie'), keys);
    if (!sid) return fresh();
    const cached = store.cached(sid);
    if (cached) return opened(ctx, sid, cached);
    return store.get(sid).then((found) => opened(ctx, sid, found));
  };

  const clearCookie = (ctx: Context) =>
    ctx.cookies.set(SESSION_COOKIE, '', { ...cookieOptions, expires: new Date(0), maxAge: undefined });

  const save = async (ctx: Context, session: RequestSession) => {
    if (session.ended || session.regenerate) {
      if (session.sid) await store.destroy(session.sid);
      clearCookie(ctx);
      if (session.ended) return;
      session.sid = undefined;
    }
    // 256 random bits
    const sid = session.sid ?? randomBytes(32).toString('base64url');
    const saved: Saved = { ...session.data, _expire: clock.now().getTime() + session.maxAge, _maxAge: session.maxAge };
    await store.set(sid, saved as Record<string, unknown>, session.maxAge);
    ctx.cookies.set(SESSION_COOKIE, sid, { ...cookieOptions, maxAge: session.maxAge });
  };

  /** Saves the session when the request changed it, set its lifetime or ended it; otherwise nothing (no promise). */
  const commit = (ctx: Context, session: RequestSession): Promise<void> | undefined =>
    session.ended || session.regenerate || session.mustSave || changedFrom(session.read ?? {}, session.data)
      ? save(ctx, session)
      : undefined;

  // plain functions, not async ones: a request whose session is in memory and unchanged makes one promise here
  const around = (ctx: Context, session: RequestSession, next: Next) => {
    (ctx as WithSession)[REQUEST_SESSION] = session;
    return next().then(
      () => commit(ctx, session),
      async (error: unknown) => {
        await commit(ctx, session);
        throw error;
      },
    );
  };

  const cookies: Middleware = (ctx, next) => {
    const session = read(ctx);
    return session instanceof Promise ? session.then((read) => around(ctx, read, next)) : around(ctx, session, next);
  };

  /** Admits the session's user to this request (a banned one reaches only their appeal), or ends the session (gone, idle or too old). */
  const admit = (ctx: Context, data: SessionData, user: User | null, next: Next) => {
    const now = clock.now().getTime();
    const verdict = user ? admission(data, user, now) : 'end';
    if (!user || verdict === 'end') {
      endSession(ctx);
      return next();
    }
    if (verdict === 'touch') {
      data.seenAt = now;
      setSessionLifetime(ctx, cookieLifetime(user.role, data.signedInAt ?? 0, now));
    }
    ctx.state.user = user;
    return next();
  };

  const loadUser: Middleware = (ctx, next) => {
    const data = sessionData(ctx);
    const userId = data.userId;
    if (typeof userId !== 'string') return next();
    const readAlready = ctx.state.sessionUser;
    if (readAlready?.id === userId) return admit(ctx, data, readAlready, next);
    return deps.users.get
      .execute(userId)
      .catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'not_found') return null;
        throw error;
      })
      .then((user) => admit(ctx, data, user, next));
  };
  return [cookies, loadUser];
}

/**
 * What a request does with a signed-in session's user: admits it as it is, admits it and writes its activity back
 * (at most once a minute), or ends the session (the user gone, the session idle or too old). A banned user's session
 * stays: it reaches only their ban appeal (middleware/banned.ts).
 */
function admission(data: SessionData, user: User, now: number): 'admit' | 'touch' | 'end' {
  const signedInAt = data.signedInAt ?? 0;
  const seenAt = data.seenAt ?? 0;
  if (now - signedInAt > ABSOLUTE_LIMIT_MS || now - seenAt > IDLE_LIMIT_MS[user.role]) return 'end';
  return now - seenAt >= TOUCH_MS ? 'touch' : 'admit';
}

/**
 * Whether a request on this session, as the store caches it, would be admitted as it is: not expired, signed in,
 * its user as read with it, nothing to end and no activity to write back. Only then may an answer made from it
 * before be sent again without the rest of the request running (see session-response-cache.ts).
 */
export function admittedAsCached(stored: StoredSession, now: number): boolean {
  const saved = stored.sess as Saved;
  if (expired(saved, now)) return false;
  const user = stored.user;
  if (!user || typeof saved.userId !== 'string' || user.id !== saved.userId) return false;
  // a banned user's requests go the whole way, past the check that holds them to their appeal
  if (user.bannedAt) return false;
  return admission(saved, user, now) === 'admit';
}

/** The id of this request's session when the request neither changed, ended nor moved it; undefined otherwise. */
export function unchangedSessionId(ctx: Context): string | undefined {
  const session = (ctx as WithSession)[REQUEST_SESSION];
  if (!session?.sid || !session.read || session.ended || session.regenerate || session.mustSave) return undefined;
  return changedFrom(session.read, session.data) ? undefined : session.sid;
}

/** Whether `data` differs from what was read: a value set, replaced or deleted (values are replaced, never edited in place). */
function changedFrom(read: Saved, data: SessionData): boolean {
  const before = read as Record<string, unknown>;
  const after = data as Record<string, unknown>;
  let count = 0;
  for (const key in after) {
    if (after[key] !== before[key] || !(key in before)) return true;
    count++;
  }
  for (const key in before) if (key !== '_expire' && key !== '_maxAge') count--;
  return count !== 0;
}

function cookieLifetime(role: Role, signedInAt: number, now: number): number {
  return Math.max(1000, Math.min(IDLE_LIMIT_MS[role], signedInAt + ABSOLUTE_LIMIT_MS - now));
}

/** Starts a signed-in session under a new id (the old one is destroyed), so an id seen before sign-in is worthless. */
export function startSignedInSession(ctx: Context, user: User, now: Date): void {
  const data = sessionData(ctx);
  delete data.pendingSignIn;
  // a new sign-in has checked no second factor yet, whoever's session this browser held before
  delete data.secondFactorAt;
  delete data.passkeyChallenge;
  data.userId = user.id;
  data.signedInAt = now.getTime();
  data.seenAt = now.getTime();
  setSessionLifetime(ctx, cookieLifetime(user.role, now.getTime(), now.getTime()));
  // saved under a new id when the request ends; the old id is destroyed then
  requestSession(ctx).regenerate = true;
  ctx.state.user = user;
}

/** Destroys the session on the server and clears the cookie. */
export function endSession(ctx: Context): void {
  const session = requestSession(ctx);
  session.ended = true;
  session.data = {};
  ctx.state.user = undefined;
}
