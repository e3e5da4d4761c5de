import type { DiscordAPIError, RateLimitData, REST } from '@discordjs/rest';
import type { Routes } from 'discord-api-types/v10';
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
  /** a rate limit asking for a longer wait than this is handed back to the outbox, which tries again later */
  maxRateLimitWaitMs?: number;
  timeoutMs?: number;
  /** told each time a request waits for a rate limit (or is handed back for one), before the wait begins */
  onRateLimit?: (notice: RateLimitNotice) => void;
}

/** Discord's client, set up: its library, the REST client and the API's routes. */
interface Client {
  library: typeof import('@discordjs/rest');
  rest: REST;
  routes: typeof Routes;
}

export interface RateLimitNotice {
  /** e.g. PUT /guilds/:id/members/:id/roles/:id (the bucket route, ids other than the major one folded) */
  route: string;
  global: boolean;
  waitMs: number;
}

/**
 * Discord's REST API with a bot token, and the staff channel's webhook, through Discord's own client
 * (@discordjs/rest): it keys rate limits by the X-RateLimit-Bucket header, waits out 429s and the global
 * 50 requests a second. It never retries anything itself (`retries: 0`): a 5xx or a network failure is a
 * retryable attempt error and any other 4xx is final, and the delivery outbox decides when to try again,
 * so a delivery's attempts and waits are counted in one place.
 */
export class DiscordRestGateway implements DiscordGateway {
  readonly capabilities: DiscordCapabilities;
  /** loaded with the first request: a site that sends Discord nothing (as in development) never loads the client */
  private client: Promise<Client> | undefined;
  /** Discord answered a bot request 401 (see bot()) */
  private tokenRefused = false;
  /** null when the staff webhook is not configured, false when its address is not a Discord webhook's */
  private readonly webhook: Webhook | false | null;

  constructor(private readonly settings: DiscordRestSettings) {
    this.capabilities = {
      bot: Boolean(settings.botToken && settings.guildId),
      staffChannel: Boolean(settings.staffWebhookUrl),
    };
    this.webhook = settings.staffWebhookUrl ? parseWebhook(settings.staffWebhookUrl) : null;
  }

  private connect(): Promise<Client> {
    this.client ??= (async () => {
      const [library, { Routes: routes }] = await Promise.all([
        import('@discordjs/rest'),
        import('discord-api-types/v10'),
      ]);
      const { settings } = this;
      const { api, version } = splitApiUrl(settings.apiUrl);
      const maxWait = settings.maxRateLimitWaitMs ?? 30_000;
      const rest = new library.REST({
        api,
        version,
        retries: 0,
        // waits are what Discord asks for, to the millisecond (the library adds 50 ms by default)
        offset: 0,
        timeout: settings.timeoutMs ?? 10_000,
        globalRequestsPerSecond: settings.requestsPerSecond ?? 50,
        rejectOnRateLimit: (limit) => {
          const waitMs = waitOf(limit);
          settings.onRateLimit?.({
            route: `${limit.method.toUpperCase()} ${limit.route}`,
            global: limit.global,
            waitMs,
          });
          return waitMs > maxWait;
        },
      });
      if (settings.botToken) rest.setToken(settings.botToken);
      return { library, rest, routes };
    })();
    return this.client;
  }

  async grantRole(discordId: string, roleId: string, reason: string): Promise<void> {
    await this.bot((guild, { rest, routes }) =>
      rest.put(routes.guildMemberRole(guild, snowflake(discordId), snowflake(roleId)), {
        reason: auditReason(reason),
      }),
    );
  }

  async removeRole(discordId: string, roleId: string, reason: string): Promise<void> {
    await this.bot((guild, { rest, routes }) =>
      rest.delete(routes.guildMemberRole(guild, snowflake(discordId), snowflake(roleId)), {
        reason: auditReason(reason),
      }),
    );
  }

  async messageUser(discordId: string, content: string): Promise<void> {
    const recipient = snowflake(discordId);
    const channel = (await this.bot((_guild, { rest, routes }) =>
      rest.post(routes.userChannels(), { body: { recipient_id: recipient } }),
    )) as { id?: string } | null;
    if (!channel?.id) throw new DeliveryAttemptError('Discord did not open a direct message channel.', true);
    const channelId = snowflake(channel.id);
    await this.bot((_guild, { rest, routes }) =>
      rest.post(routes.channelMessages(channelId), {
        body: { content: clip(content), allowed_mentions: { parse: [] } },
      }),
    );
  }

  async notifyStaff(content: string): Promise<void> {
    const webhook = this.webhook;
    if (webhook === null) throw new DeliveryAttemptError('The staff channel is not configured.', false);
    if (webhook === false)
      throw new DeliveryAttemptError(
        'The staff channel address is not a Discord webhook (…/webhooks/<id>/<token>).',
        false,
      );
    await this.send(({ rest, routes }) =>
      rest.post(routes.webhook(webhook.id, webhook.token), {
        auth: false,
        // the address Discord hands out for a webhook is unversioned; it is sent as given
        versioned: false,
        query: webhook.query,
        body: { content: clip(content), allowed_mentions: { parse: [] } },
      }),
    );
  }

  async memberRoles(discordId: string): Promise<string[] | null> {
    const member = await this.bot(
      (guild, { rest, routes }) =>
        rest.get(routes.guildMember(guild, snowflake(discordId))) as Promise<{ roles?: string[] }>,
      { notFound: null },
    );
    return member === null ? null : (member?.roles ?? []);
  }

  /**
   * A request with the bot's token. After a 401 the client forgets the token (so that a wrong one is not sent
   * again and again, which Discord punishes); every later bot request then fails as final, saying why.
   */
  private async bot<T>(
    request: (guild: string, client: Client) => Promise<T>,
    options: { notFound?: null } = {},
  ): Promise<T | null> {
    const { guildId } = this.settings;
    if (!this.capabilities.bot || !guildId)
      throw new DeliveryAttemptError('Discord delivery is not configured.', false);
    if (this.tokenRefused)
      throw new DeliveryAttemptError(
        'Discord refused the bot token (401): nothing is sent as the bot until DISCORD_BOT_TOKEN is corrected and the site restarted.',
        false,
      );
    const guild = snowflake(guildId);
    return this.send((client) => request(guild, client), { ...options, bot: true });
  }

  /** Runs one request and turns the client's errors into attempt errors the outbox understands. */
  private async send<T>(
    request: (client: Client) => Promise<T>,
    options: { notFound?: null; bot?: boolean } = {},
  ): Promise<T | null> {
    const client = await this.connect();
    const { RateLimitError, DiscordAPIError, HTTPError } = client.library;
    try {
      return await request(client);
    } catch (error) {
      if (error instanceof DeliveryAttemptError) throw error;
      if (error instanceof RateLimitError) {
        const waitMs = waitOf(error);
        throw new DeliveryAttemptError(
          `Discord rate limit: try again in ${(waitMs / 1000).toFixed(1)} s.`,
          true,
          waitMs,
        );
      }
      if (error instanceof DiscordAPIError) {
        if (error.status === 404 && options.notFound !== undefined) return options.notFound;
        if (error.status === 401 && options.bot) this.tokenRefused = true;
        const detail = describe(error);
        throw new DeliveryAttemptError(`Discord answered ${error.status}${detail ? `: ${detail}` : ''}.`, false);
      }
      if (error instanceof HTTPError)
        throw new DeliveryAttemptError(`Discord answered ${error.status}: ${error.message}.`, error.status >= 500);
      throw new DeliveryAttemptError(
        `Discord could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        true,
      );
    }
  }
}

/** https://discord.com/api/v10 -> the client's `api` (https://discord.com/api) and `version` (10) */
function splitApiUrl(apiUrl: string): { api: string; version: string } {
  const trimmed = apiUrl.replace(/\/$/, '');
  const match = /^(.*)\/v(\d+)$/.exec(trimmed);
  return match ? { api: match[1], version: match[2] } : { api: trimmed, version: '10' };
}

/**
 * A webhook address names its id and token (…/api/webhooks/<id>/<token>); it is sent to the same API address as
 * the bot's requests, so one client keeps one global rate limit for both.
 */
function parseWebhook(webhookUrl: string): Webhook | false {
  const url = URL.parse(webhookUrl);
  const match = url && /\/webhooks\/(\d+)\/([^/]+)\/?$/.exec(url.pathname);
  return url && match ? { id: match[1] as string, token: match[2] as string, query: url.searchParams } : false;
}

interface Webhook {
  id: string;
  token: string;
  query: URLSearchParams;
}

/** the wait a rate limit asks for: Retry-After on a 429, or until the bucket (or the global limit) resets */
const waitOf = (limit: Pick<RateLimitData, 'retryAfter' | 'timeToReset'>) =>
  Math.max(0, Math.ceil(Math.max(limit.retryAfter, limit.timeToReset)));

/** Discord takes audit-log reasons up to 512 characters, counted after encoding */
const auditReason = (reason: string) => reason.slice(0, 400);

function describe(error: DiscordAPIError): string {
  const body = error.rawError as { message?: unknown };
  if (typeof body.message !== 'string') return '';
  return error.code ? `${body.message} (code ${String(error.code)})` : body.message;
}

/** Discord ids are numbers; anything else in a path is refused rather than sent. */
function snowflake(id: string): string {
  if (!/^\d{1,25}$/.test(id)) throw new DeliveryAttemptError(`'${id.slice(0, 40)}' is not a Discord id.`, false);
  return id;
}

const clip = (content: string) => (content.length > 2000 ? `${content.slice(0, 1997)}...` : content);
