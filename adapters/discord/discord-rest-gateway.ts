import { setTimeout as sleep } from 'node:timers/promises';
import { DeliveryAttemptError } from '../../core/delivery/errors.ts';
import type { DiscordCapabilities, DiscordGateway } from '../../core/delivery/ports.ts';

export interface DiscordRestSettings {
  /** e.g. https://discord.com/api/v10 */
  apiUrl: string;
  botToken: string | undefined;
  guildId: string | undefined;
  staffWebhookUrl: string | undefined;
  /** global cap of Discord's API (50 requests a second) */
  requestsPerSecond?: number;
  /** a 429 asking for a longer wait than this is handed back to the outbox, which tries again later */
  maxRateLimitWaitMs?: number;
  timeoutMs?: number;
  /** the clock and the waits of rate limiting; real time unless a test gives its own */
  timer?: RateLimitTimer;
}

export interface RateLimitTimer {
  /** milliseconds since the epoch */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realTimer: RateLimitTimer = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

const USER_AGENT = 'DiscordBot (https://bayouroleplay.com, 1.0)';

/** what a 404 answers instead of failing, for reads where "not there" is an answer */
const MISSING = Symbol('missing');

interface RequestOptions {
  body?: unknown;
  reason?: string;
  notFound?: typeof MISSING;
}

/** Keeps to N requests in any one-second window across the whole process. */
class GlobalLimiter {
  private readonly sent: number[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly perSecond: number,
    private readonly timer: RateLimitTimer,
  ) {}

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.timer.now() + ms);
  }

  async take(): Promise<void> {
    for (;;) {
      const now = this.timer.now();
      if (this.pausedUntil > now) {
        await this.timer.sleep(this.pausedUntil - now);
        continue;
      }
      while (this.sent.length > 0 && this.sent[0] <= now - 1000) this.sent.shift();
      if (this.sent.length < this.perSecond) {
        this.sent.push(now);
        return;
      }
      await this.timer.sleep(this.sent[0] + 1000 - now);
    }
  }
}

/**
 * Discord's REST API with a bot token, and the staff channel's webhook. It waits out rate limits: the
 * X-RateLimit-Remaining/Reset-After headers of each route's bucket, 429 answers with Retry-After (global or
 * not), and the global 50 requests a second. A 5xx or a network failure is a retryable attempt error; any other
 * 4xx is final, since sending the same request again cannot succeed.
 */
export class DiscordRestGateway implements DiscordGateway {
  readonly capabilities: DiscordCapabilities;
  private readonly limiter: GlobalLimiter;
  /** route -> when its bucket has room again */
  private readonly routeResets = new Map<string, number>();
  private readonly timer: RateLimitTimer;

  constructor(private readonly settings: DiscordRestSettings) {
    this.capabilities = {
      bot: Boolean(settings.botToken && settings.guildId),
      staffChannel: Boolean(settings.staffWebhookUrl),
    };
    this.timer = settings.timer ?? realTimer;
    this.limiter = new GlobalLimiter(settings.requestsPerSecond ?? 50, this.timer);
  }

  async grantRole(discordId: string, roleId: string, reason: string): Promise<void> {
    await this.bot('PUT', `/guilds/${this.guild()}/members/${snowflake(discordId)}/roles/${snowflake(roleId)}`, {
      reason,
    });
  }

  async removeRole(discordId: string, roleId: string, reason: string): Promise<void> {
    await this.bot('DELETE', `/guilds/${this.guild()}/members/${snowflake(discordId)}/roles/${snowflake(roleId)}`, {
      reason,
    });
  }

  async messageUser(discordId: string, content: string): Promise<void> {
    const channel = (await this.bot('POST', '/users/@me/channels', {
      body: { recipient_id: snowflake(discordId) },
    })) as { id?: string } | null;
    if (!channel?.id) throw new DeliveryAttemptError('Discord did not open a direct message channel.', true);
    await this.bot('POST', `/channels/${snowflake(channel.id)}/messages`, {
      body: { content: clip(content), allowed_mentions: { parse: [] } },
    });
  }

  async notifyStaff(content: string): Promise<void> {
    const url = this.settings.staffWebhookUrl;
    if (!url) throw new DeliveryAttemptError('The staff channel is not configured.', false);
    await this.request('POST', url, 'webhook', { body: { content: clip(content), allowed_mentions: { parse: [] } } });
  }

  async memberRoles(discordId: string): Promise<string[] | null> {
    const member = (await this.bot('GET', `/guilds/${this.guild()}/members/${snowflake(discordId)}`, {
      notFound: MISSING,
    })) as { roles?: string[] } | typeof MISSING | null;
    return member === MISSING ? null : (member?.roles ?? []);
  }

  private guild(): string {
    const { guildId } = this.settings;
    if (!this.capabilities.bot || !guildId)
      throw new DeliveryAttemptError('Discord delivery is not configured.', false);
    return snowflake(guildId);
  }

  private bot(method: string, path: string, options: RequestOptions): Promise<unknown> {
    // the bucket of a route is per method and top-level resource; other ids are folded
    const route = `${method} ${path.replace(/\/(members|channels|roles|messages)\/\d+/g, '/$1/:id')}`;
    return this.request(method, `${this.settings.apiUrl.replace(/\/$/, '')}${path}`, route, { ...options, auth: true });
  }

  private async request(
    method: string,
    url: string,
    route: string,
    options: RequestOptions & { auth?: boolean },
  ): Promise<unknown> {
    const maxWait = this.settings.maxRateLimitWaitMs ?? 30_000;
    for (let rateLimited = 0; ; rateLimited += 1) {
      const resetAt = this.routeResets.get(route) ?? 0;
      const now = this.timer.now();
      if (resetAt > now) await this.timer.sleep(resetAt - now);
      await this.limiter.take();
      const headers: Record<string, string> = { 'User-Agent': USER_AGENT };
      if (options.auth) headers.Authorization = `Bot ${this.settings.botToken}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.reason) headers['X-Audit-Log-Reason'] = encodeURIComponent(options.reason.slice(0, 400));
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new DeliveryAttemptError(
          `Discord could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          true,
        );
      }
      this.remember(route, response.headers);
      const payload = await readBody(response);
      if (response.status === 429) {
        const waitMs = retryAfterMs(response.headers, payload);
        const global =
          response.headers.get('x-ratelimit-global') === 'true' ||
          (payload as { global?: boolean } | null)?.global === true;
        if (global) this.limiter.pause(waitMs);
        else this.routeResets.set(route, this.timer.now() + waitMs);
        if (waitMs > maxWait || rateLimited >= 5)
          throw new DeliveryAttemptError(
            `Discord rate limit: try again in ${(waitMs / 1000).toFixed(1)} s.`,
            true,
            waitMs,
          );
        continue;
      }
      if (response.ok) return payload;
      if (response.status === 404 && options.notFound !== undefined) return options.notFound;
      const detail = describe(payload);
      const message = `Discord answered ${response.status}${detail ? `: ${detail}` : ''}.`;
      throw new DeliveryAttemptError(message, response.status >= 500);
    }
  }

  private remember(route: string, headers: Headers): void {
    const remaining = headers.get('x-ratelimit-remaining');
    const resetAfter = Number(headers.get('x-ratelimit-reset-after'));
    if (remaining === '0' && Number.isFinite(resetAfter) && resetAfter > 0)
      this.routeResets.set(route, this.timer.now() + resetAfter * 1000);
  }
}

/** The longer of Retry-After and the body's retry_after (the header is whole seconds on some answers); 1 s when neither is given. */
function retryAfterMs(headers: Headers, payload: unknown): number {
  const given = [
    Number(headers.get('retry-after')),
    Number((payload as { retry_after?: unknown } | null)?.retry_after),
  ].filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  return Math.ceil((given.length > 0 ? Math.max(...given) : 1) * 1000);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

function describe(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  const body = payload as { message?: unknown; code?: unknown } | null;
  if (!body || typeof body.message !== 'string') return '';
  return body.code ? `${body.message} (code ${String(body.code)})` : body.message;
}

/** Discord ids are numbers; anything else in a path is refused rather than sent. */
function snowflake(id: string): string {
  if (!/^\d{1,25}$/.test(id)) throw new DeliveryAttemptError(`'${id.slice(0, 40)}' is not a Discord id.`, false);
  return id;
}

const clip = (content: string) => (content.length > 2000 ? `${content.slice(0, 1997)}...` : content);
