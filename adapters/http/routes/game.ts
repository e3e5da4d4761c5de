import { createHash, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Core } from '../../../core/index.ts';
import { InsufficientTokensError } from '../../../core/tokens/errors.ts';
import { payloadOf } from '../../../core/grants/model/grant.ts';
import {
  gameTokenChangeSchema,
  grantPollSchema,
  type GrantPollResponse,
  grantReportSchema,
  type GrantReportResponse,
  type GameTokenChangeResponse,
  type PlayerAccessDto,
  type ServerFiguresDto,
  type ServerStatusDto,
} from '../contract/game.ts';
import type { RateLimiter } from '../middleware/rate-limiter.ts';

/** The game server's status for every visitor, from memory (never a call to the game server). */
export function serverStatusRoutes(router: Router, core: Core, connectCode: string | null): void {
  router.get('/api/server-status', async (ctx) => {
    const status = core.game.status();
    const queue = await core.queue.summary.execute();
    const body: ServerStatusDto = {
      configured: status.configured,
      online: status.online,
      players: status.players,
      maxPlayers: status.maxPlayers,
      hostname: status.hostname,
      updatedAt: status.updatedAt?.toISOString() ?? null,
      uptime: status.uptime,
      connectUrl: connectCode ? `fivem://connect/cfx.re/join/${connectCode}` : null,
      queue,
    };
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  });
}

/** The figures the site counts (members) and the ones its owner set, for every visitor; cached for a minute. */
export function serverFigureRoutes(router: Router, core: Core): void {
  router.get('/api/server-figures', async (ctx) => {
    const figures = await core.game.figures.execute();
    const body: ServerFiguresDto = { members: figures.members, owner: { ...figures.owner } };
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = body;
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The game server's own key (Authorization: Bearer), compared in constant time; a browser session counts for
 * nothing here. Each key is rate limited.
 */
export function gameKey(apiKey: string, limiter: RateLimiter) {
  const expected = digest(apiKey);
  return async (ctx: Context, next: Next) => {
    // exactly `Bearer <key>`: one scheme, one space, the key and nothing after it
    const match = /^Bearer ([^\s]+)$/i.exec(ctx.get('authorization'));
    const given = match?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="game"');
      ctx.body = {
        message: 'The game API needs the server key: Authorization: Bearer <GAME_API_KEY>.',
        code: 'GAME_KEY_REQUIRED',
      };
      return;
    }
    const wait = limiter.hit(expected.toString('hex'));
    if (wait > 0) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.body = { message: `Too many game API requests. Try again in ${wait} seconds.`, code: 'RATE_LIMITED' };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    return next();
  };
}

/** What the FiveM server asks at connect time, and the tokens it credits or spends. Not mounted without a key. */
export function gameRoutes(router: Router, core: Core, options: { apiKey: string; limiter: RateLimiter }): void {
  const key = gameKey(options.apiKey, options.limiter);

  router.get('/api/game/players/:discordId', key, async (ctx) => {
    const body: PlayerAccessDto = await core.game.access.execute(ctx.params.discordId);
    ctx.body = body;
  });

  router.post('/api/game/players/:discordId/tokens', key, async (ctx) => {
    const input = gameTokenChangeSchema.parse(ctx.request.body ?? {});
    try {
      const body: GameTokenChangeResponse = await core.game.tokens.execute({
        ...input,
        discordId: ctx.params.discordId,
      });
      ctx.body = body;
    } catch (error) {
      if (!(error instanceof InsufficientTokensError)) throw error;
      ctx.status = 409;
      ctx.body = { message: error.message, code: error.code, balance: error.balance };
    }
  });

  // what a purchase gives in the game: the grants due for the server's players, and its report of each (decision 0100)
  router.post('/api/game/grants/poll', key, async (ctx) => {
    const input = grantPollSchema.parse(ctx.request.body ?? {});
    const { grants, more, leaseSeconds } = await core.grants.poll.execute(input);
    const body: GrantPollResponse = {
      grants: grants.map((grant) => ({
        id: grant.id,
        kind: grant.kind,
        command: grant.command,
        event: grant.event,
        payload: grant.kind === 'event' ? payloadOf(grant) : null,
        needsOnline: grant.needsOnline,
        discordId: grant.discordId,
      })),
      more,
      leaseSeconds,
    };
    ctx.body = body;
  });

  router.post('/api/game/grants/reports', key, async (ctx) => {
    const input = grantReportSchema.parse(ctx.request.body ?? {});
    const results = await core.grants.report.execute({
      server: input.server,
      reports: input.reports.map((report) => ({ ...report, message: report.message ?? null })),
    });
    const body: GrantReportResponse = { results };
    ctx.body = body;
  });
}
