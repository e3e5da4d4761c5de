import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { Catalogue } from '../core/catalogue/model/catalogue.ts';
import { BRAND } from '../core/shared/brand.ts';
import { type GrantPlan, readGrantPlan } from '../core/grants/model/grant-plan.ts';
import type { RoleMappingSettings } from '../core/delivery/model/role-mapping.ts';
import { ConfigError } from './config-error.ts';
import type { OwnerFigures } from '../core/game/use-cases/show-server-figures.ts';
import { DEFAULT_SECOND_FACTOR_PERMISSIONS } from '../core/security/model/second-factor.ts';
import { isPermission, type Permission, PERMISSIONS } from '../core/users/model/permissions.ts';
import {
  DEFAULT_INTERVIEW_REQUIRED_FOR,
  INTERVIEW_KINDS,
  isInterviewKind,
} from '../core/interviews/model/interview-rules.ts';
import { APPLICATION_KIND_NAMES, type ApplicationKindName } from '../core/applications/model/application.ts';
import { DEFAULT_QUORUM, MAX_QUORUM, type QuorumSettings } from '../core/applications/model/votes.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const SNOWFLAKE = /^\d{5,25}$/;

/** a figure as the page shows it: short, one line, no control characters */
const ownerFigure = optionalText.pipe(
  z
    .string()
    .max(12, 'must be at most 12 characters, as the page shows it ("500+", "24/7")')
    .regex(/^[^\p{Cc}]*$/u, 'must be plain text')
    .optional(),
);

/** QUORUM_<KIND>: the approvals (or denials) that decide a kind; unset, the kind's default (decision 0106) */
const quorumOf = (kind: ApplicationKindName) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number of approvals from 1 to ${MAX_QUORUM}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, `must be a whole number of approvals from 1 to ${MAX_QUORUM}`)
          .max(MAX_QUORUM, `must be a whole number of approvals from 1 to ${MAX_QUORUM}`),
      )
      .default(DEFAULT_QUORUM[kind].approvals),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** the session secret before a rotation: opens what it sealed until that is sealed again (decision 0111) */
  SESSION_SECRET_PREVIOUS: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_REDIRECT_URI: optionalText.pipe(z.url().optional()),
  /** Discord's address; only a test stand-in changes it */
  DISCORD_BASE_URL: z.url().default('https://discord.com'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** another Stripe-compatible API address (a local mock); Stripe's own when unset */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  /** who takes payments; unset: Stripe when its keys are set, the demo gateway otherwise */
  PAYMENT_GATEWAY: optionalText.pipe(z.enum(['demo', 'stripe', 'tebex']).optional()),
  TEBEX_PUBLIC_TOKEN: optionalText,
  TEBEX_PRIVATE_KEY: optionalText,
  TEBEX_WEBHOOK_SECRET: optionalText,
  /** Tebex's Headless API address; only a test stand-in changes it */
  TEBEX_API_BASE: optionalText.pipe(z.url().optional()),
  /** JSON: {"product-id": 1234567, "product-id:option-id": 1234568}; unset: the map `tebex sync` stored */
  TEBEX_PACKAGE_MAP: optionalText,
  /** comma-separated addresses webhooks are accepted from ("tebex": Tebex's own); unset: any address */
  TEBEX_WEBHOOK_IPS: optionalText,
  ADMIN_DISCORD_IDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  /** sign-in attempts per client address per minute */
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** state-changing API requests per signed-in user per minute */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** coupon codes tried (a quote or a checkout naming one) per player and per address */
  RATE_LIMIT_COUPONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** creator codes checked (at checkout, or as typed) per signed-in player and per client address per minute */
  RATE_LIMIT_CODES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** requests per API token per minute under /api/v1, per process */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** the bot that hands out roles and sends direct messages; with the guild it serves */
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_GUILD_ID: optionalText.pipe(z.string().regex(SNOWFLAKE, 'must be a Discord id (digits)').optional()),
  /** Discord's REST API; only a test stand-in changes it */
  DISCORD_API_URL: optionalText.pipe(z.url().optional()),
  /** the staff channel's webhook: new applications, purchases and disputes */
  DISCORD_STAFF_WEBHOOK_URL: optionalText.pipe(z.url().optional()),
  /** JSON: {"product-id": "role id", "product-id:option-id": "role id"} */
  DISCORD_ROLE_MAP: optionalText,
  /** the role an approved whitelist application gets */
  DISCORD_WHITELIST_ROLE_ID: optionalText.pipe(
    z.string().regex(SNOWFLAKE, 'must be a Discord role id (digits)').optional(),
  ),
  /** tries before a delivery is left as failed, the first wait between tries (doubling), and the worker's poll */
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  DELIVERY_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5_000),
  DELIVERY_POLL_MS: z.coerce.number().int().min(10).default(1_000),
  /** off: this process sends no deliveries (another process's worker does) */
  DELIVERY_WORKER: z.enum(['on', 'off']).default('on'),
  /** outbound webhooks: the longest one request may take, the tries before a message is left as failed */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** where endpoints may point: public-https (production's default) or any (the default outside production) */
  WEBHOOK_TARGETS: z.enum(['public-https', 'any']).optional(),
  /** how often the server looks for memberships due to renew or end (demo renewals; Stripe's missed webhooks) */
  MEMBERSHIP_RENEWAL_POLL_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** how often the server asks the payment provider about purchases pending for over a minute */
  PURCHASE_RECONCILE_POLL_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** the kinds of application whose approval waits for an interview held: kinds separated by commas, or none */
  INTERVIEW_REQUIRED_FOR: optionalText.transform((value, ctx): ApplicationKindName[] => {
    if (value === undefined) return [...DEFAULT_INTERVIEW_REQUIRED_FOR];
    if (value.toLowerCase() === 'none') return [];
    const names = [...new Set(value.split(',').map((name) => name.trim().toLowerCase()))].filter(Boolean);
    const unknown = names.filter((name) => !isInterviewKind(name));
    if (unknown.length > 0 || names.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.length > 0 ? `unknown kind ${unknown.join(', ')}: ` : ''}must be none or kinds from ${INTERVIEW_KINDS.join(', ')}, separated by commas (gangs are bought, not applied for)`,
      });
    return names.filter(isInterviewKind);
  }),
  /** how often the server looks for interviews starting within 30 minutes, to remind both sides */
  INTERVIEW_REMINDER_POLL_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** the FiveM server's HTTP address (its dynamic.json and info.json), e.g. http://127.0.0.1:30120 */
  FIVEM_SERVER_URL: optionalText.pipe(z.url().optional()),
  /** how often that status is read */
  FIVEM_STATUS_POLL_MS: z.coerce.number().int().min(100).default(15_000),
  /** the server's cfx.re/join code: players get a Connect button */
  FIVEM_CONNECT_CODE: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9]{4,12}$/i, 'must be the code of a cfx.re/join address (letters and digits)')
      .optional(),
  ),
  /** the key the game server sends to /api/game (Authorization: Bearer); the routes are off without it */
  GAME_API_KEY: optionalText.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  /**
   * the server is listed on FiveM, so the Cfx.re platform licence applies: money for in-game benefits only through
   * Tebex. Unset: true when the game bridge is configured (GAME_API_KEY)
   */
  FIVEM_LISTED: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
  /** purchases credit tokens (on, as the catalogue says), or none (off: for owners whose licence forbids a currency) */
  PURCHASE_TOKENS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** the owner's grants per product, as JSON: what the game server runs for a purchase (decision 0100); unset: none */
  GAME_GRANTS_FILE: optionalText,
  /** how long a game server holds a grant it was offered before it may be offered again, unreported */
  GAME_GRANT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** the figures the home and landing pages show for what the site does not measure ("500+", "24/7"); unset: not shown */
  FIGURE_ACTIVE_PLAYERS: ownerFigure,
  FIGURE_SERVER_UPTIME: ownerFigure,
  FIGURE_CUSTOM_VEHICLES: ownerFigure,
  FIGURE_JOB_SYSTEMS: ownerFigure,
  /** requests to /api/game per key per minute */
  RATE_LIMIT_GAME_PER_MINUTE: z.coerce.number().int().min(1).default(1_200),
  /** how many reverse proxies stand in front (0 development, 1 production unless set); see README */
  TRUST_PROXY_HOPS: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of proxies (0 to 10)')
      .transform(Number)
      .pipe(z.number().max(10))
      .optional(),
  ),
  /** how often the server backs the database up: a number and a unit (30m, 6h, 1d), or off; see backupEvery */
  BACKUP_EVERY: optionalText,
  /** where backups go; unset: DATA_DIR/backups */
  BACKUP_DIR: optionalText,
  /** how many of the scheduled backups are retained (the newest) */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** the permissions whose holders must set up a second factor, comma-separated, or none; unset: the default list */
  STAFF_2FA: optionalText.transform((value, ctx): Permission[] => {
    if (value === undefined) return [...DEFAULT_SECOND_FACTOR_PERMISSIONS];
    if (value.toLowerCase() === 'none') return [];
    const names = [...new Set(value.split(',').map((name) => name.trim()))].filter(Boolean);
    const unknown = names.filter((name) => !isPermission(name));
    if (unknown.length > 0 || names.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.length > 0 ? `unknown permission ${unknown.join(', ')}: ` : ''}must be none or permissions from ${PERMISSIONS.join(', ')}, separated by commas`,
      });
    return names.filter(isPermission);
  }),
  /** the mail server receipts go through (smtp:// or smtps://, with its user and password); unset: .eml files in DATA_DIR/mail */
  SMTP_URL: optionalText,
  /** the From of every email: an address, or a name and an address; unset: the site's name at receipts@ PUBLIC_URL's host */
  MAIL_FROM: optionalText,
  /** how many approvals (or denials) decide each kind of application */
  QUORUM_WHITELIST: quorumOf('whitelist'),
  QUORUM_STAFF: quorumOf('staff'),
  QUORUM_APPEAL: quorumOf('appeal'),
  /** whether reviewers see each other's votes before voting: true, false, or the kinds that show them (comma-separated) */
  VOTES_VISIBLE_BEFORE_VOTING: optionalText.transform((value, ctx): ApplicationKindName[] => {
    if (value === undefined || value.toLowerCase() === 'true') return [...APPLICATION_KIND_NAMES];
    if (value.toLowerCase() === 'false') return [];
    const names = [...new Set(value.split(',').map((name) => name.trim().toLowerCase()))].filter(Boolean);
    const unknown = names.filter((name) => !(APPLICATION_KIND_NAMES as readonly string[]).includes(name));
    if (unknown.length > 0 || names.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.length > 0 ? `unknown kind ${unknown.join(', ')}: ` : ''}must be true, false, or kinds from ${APPLICATION_KIND_NAMES.join(', ')}, separated by commas`,
      });
    return names as ApplicationKindName[];
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** The configuration in sections; a section that is not configured is null, so nothing reads a half-set one. */
export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  server: {
    host: string;
    port: number;
    /** the address players use, without a trailing slash */
    publicUrl: string;
    /** PUBLIC_URL was set (otherwise publicUrl is the local default) */
    publicUrlSet: boolean;
    /** proxies in front whose X-Forwarded-* headers are believed; the client address is the one the nearest saw */
    trustProxyHops: number;
  };
  database: {
    /** a postgres:// URL, or null for the embedded database */
    url: string | null;
    dataDir: string;
  };
  /** SESSION_SECRET; null in development, where one is generated and stored in the data directory */
  sessionSecret: string | null;
  /** SESSION_SECRET_PREVIOUS: the secret before a rotation, for secrets it sealed (never for session cookies) */
  previousSessionSecret: string | null;
  /** Discord ids made admins when they sign in */
  adminDiscordIds: string[];
  rateLimits: {
    signInPerMinute: number;
    writesPerMinute: number;
    gamePerMinute: number;
    couponsPerMinute: number;
    codesPerMinute: number;
    /** requests per API token under /api/v1 */
    apiPerMinute: number;
  };
  /** Discord sign-in; null means the development sign-in */
  discordOAuth: { clientId: string; clientSecret: string; redirectUri: string; baseUrl: string } | null;
  /** who takes payments (PAYMENT_GATEWAY, or Stripe when its keys are set, or the demo gateway) */
  paymentGateway: 'demo' | 'stripe' | 'tebex';
  /** Tebex's Headless API and webhooks; set only when Tebex takes payments */
  tebex: {
    publicToken: string;
    privateKey: string;
    webhookSecret: string;
    apiBase: string;
    /** TEBEX_PACKAGE_MAP, or null for the map `tebex sync` stored */
    packageMap: Record<string, number> | null;
    /** webhook source addresses allowed; null: any */
    webhookIps: string[] | null;
  } | null;
  /** card payments through Stripe; set only when Stripe takes payments */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | null } | null;
  /** the bot, its REST API address, and the staff channel's webhook (each part may be absent) */
  discordDelivery: {
    apiUrl: string;
    bot: { token: string; guildId: string } | null;
    staffWebhookUrl: string | null;
    roleMapping: RoleMappingSettings;
    maxAttempts: number;
    retryBaseMs: number;
    pollMs: number;
    /** false: this process sends no deliveries (another process's worker does) */
    worker: boolean;
  };
  /** outbound webhooks (decision 0108); their worker runs with the delivery worker (DELIVERY_WORKER) */
  webhooks: {
    /** WEBHOOK_TIMEOUT_MS */
    timeoutMs: number;
    /** WEBHOOK_MAX_ATTEMPTS */
    maxAttempts: number;
    /** WEBHOOK_TARGETS: public-https in production unless set, any outside it */
    targets: 'public-https' | 'any';
  };
  /** the membership renewal scheduler: runs with the delivery worker (DELIVERY_WORKER), every renewalPollMs */
  memberships: { renewalPollMs: number };
  /** the pending-purchase reconciliation: runs with the delivery worker (DELIVERY_WORKER), every reconcilePollMs */
  purchases: { reconcilePollMs: number };
  /** interviews (decision 0107): the kinds whose approval waits for one held, and the reminders' poll */
  interviews: { requiredFor: readonly ApplicationKindName[]; reminderPollMs: number };
  /** the FiveM server: its status address and join code, and the key it calls the site with (each may be absent) */
  game: {
    serverUrl: string | null;
    statusPollMs: number;
    connectCode: string | null;
    apiKey: string | null;
    /** what the game server runs per product (GAME_GRANTS_FILE), checked at start; null: nothing */
    grants: GrantPlan | null;
    /** how long a game server holds a grant it was offered */
    grantLeaseSeconds: number;
  };
  /** FIGURE_*: the figures the owner sets for what the site does not measure (null: not shown) */
  figures: OwnerFigures;
  /** scheduled backups: every `everyMs` (null: off) into `dir`, keeping the newest `keep` */
  backups: { everyMs: number | null; dir: string; keep: number };
  /** STAFF_2FA: holders of these permissions need a second factor (empty: nobody) */
  staffSecondFactor: readonly Permission[];
  /** the rules the store sells under (decision 0103) */
  store: {
    /** FIVEM_LISTED: the platform licence applies (payments through Tebex alone in production) */
    fivemListed: boolean;
    /** whether FIVEM_LISTED was set, or follows GAME_API_KEY */
    fivemListedSet: boolean;
    /** PURCHASE_TOKENS: purchases credit tokens */
    purchaseTokens: boolean;
  };
  /** QUORUM_* and VOTES_VISIBLE_BEFORE_VOTING: how each kind of application is decided by a team (decision 0106) */
  quorum: QuorumSettings;
  /** receipts by email (decision 0102): through SMTP_URL's server, or written as .eml files in dropDir */
  mail: {
    /** SMTP_URL; it holds the password, so it is never logged; null: files in dropDir */
    smtpUrl: string | null;
    /** the mail server's host, to name it where the URL may not go */
    smtpHost: string | null;
    /** MAIL_FROM, or the site's name at receipts@ the public address's host */
    from: string;
    /** DATA_DIR/mail */
    dropDir: string;
    /** the development page listing the files (/dev/mail): outside production, with no SMTP_URL */
    devPage: boolean;
  };
  logLevel: Env['LOG_LEVEL'];
}

const DISCORD_VARS = ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_REDIRECT_URI'] as const;
const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const TEBEX_VARS = ['TEBEX_PUBLIC_TOKEN', 'TEBEX_PRIVATE_KEY', 'TEBEX_WEBHOOK_SECRET'] as const;

/** Reads the environment once at start-up; production refuses the embedded sign-in and payment stand-ins. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missing = (names: readonly (keyof Env)[]) => names.filter((name) => !env[name]);
  const production = env.NODE_ENV === 'production';
  const gateway = env.PAYMENT_GATEWAY ?? (missing(STRIPE_VARS).length === 0 ? 'stripe' : 'demo');
  const fivemListed = env.FIVEM_LISTED ? env.FIVEM_LISTED === 'true' : env.GAME_API_KEY !== undefined;
  // a gateway chosen by name must be complete, in every environment: half a gateway takes no payment
  const gatewayVars = gateway === 'tebex' ? TEBEX_VARS : gateway === 'stripe' ? STRIPE_VARS : [];
  if (env.PAYMENT_GATEWAY && missing(gatewayVars).length > 0)
    throw new ConfigError(`PAYMENT_GATEWAY=${gateway} needs ${missing(gatewayVars).join(', ')} (see .env.example).`);
  if (env.SESSION_SECRET_PREVIOUS !== undefined && env.SESSION_SECRET_PREVIOUS === env.SESSION_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET_PREVIOUS: must differ from SESSION_SECRET: it is the secret before SESSION_SECRET was changed (see docs/operations.md).',
    );
  if (production) {
    const required = [
      ...missing(DISCORD_VARS),
      ...missing(gateway === 'tebex' ? TEBEX_VARS : STRIPE_VARS),
      ...missing(['SESSION_SECRET', 'PUBLIC_URL']),
    ];
    if (required.length > 0) {
      throw new ConfigError(
        `Production refuses the development sign-in and demo payments. Set: ${required.join(', ')} (see .env.example).`,
      );
    }
    if (fivemListed && gateway !== 'tebex')
      throw new ConfigError(
        `FIVEM_LISTED is true${env.FIVEM_LISTED ? '' : ' (the default while GAME_API_KEY is set)'}: the FiveM platform licence allows taking money for in-game benefits only through Tebex, Cfx.re's commerce partner. Set PAYMENT_GATEWAY=tebex with TEBEX_* (see .env.example), or FIVEM_LISTED=false for a server that is not listed on FiveM.`,
      );
    if (env.TRUST_PROXY_HOPS === 0) {
      throw new ConfigError(
        'Invalid configuration:\n  TRUST_PROXY_HOPS: must be 1 or more in production: the server speaks plain HTTP and needs an HTTPS proxy in front (see README).',
      );
    }
  }
  const { DISCORD_CLIENT_ID: clientId, DISCORD_CLIENT_SECRET: clientSecret, DISCORD_REDIRECT_URI: redirectUri } = env;
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = env;
  return {
    env: env.NODE_ENV,
    production,
    server: {
      host: env.HOST,
      port: env.PORT,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      publicUrlSet: env.PUBLIC_URL !== undefined,
      trustProxyHops: env.TRUST_PROXY_HOPS ?? (production ? 1 : 0),
    },
    database: { url: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR },
    sessionSecret: env.SESSION_SECRET ?? null,
    previousSessionSecret: env.SESSION_SECRET_PREVIOUS ?? null,
    adminDiscordIds: env.ADMIN_DISCORD_IDS,
    rateLimits: {
      signInPerMinute: env.RATE_LIMIT_SIGNIN_PER_MINUTE,
      writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
      gamePerMinute: env.RATE_LIMIT_GAME_PER_MINUTE,
      couponsPerMinute: env.RATE_LIMIT_COUPONS_PER_MINUTE,
      codesPerMinute: env.RATE_LIMIT_CODES_PER_MINUTE,
      apiPerMinute: env.RATE_LIMIT_API_PER_MINUTE,
    },
    discordOAuth:
      clientId && clientSecret && redirectUri
        ? { clientId, clientSecret, redirectUri, baseUrl: env.DISCORD_BASE_URL }
        : null,
    paymentGateway: gateway,
    tebex:
      gateway === 'tebex' && env.TEBEX_PUBLIC_TOKEN && env.TEBEX_PRIVATE_KEY && env.TEBEX_WEBHOOK_SECRET
        ? {
            publicToken: env.TEBEX_PUBLIC_TOKEN,
            privateKey: env.TEBEX_PRIVATE_KEY,
            webhookSecret: env.TEBEX_WEBHOOK_SECRET,
            apiBase: env.TEBEX_API_BASE ?? 'https://headless.tebex.io',
            packageMap: parseTebexPackageMap(env.TEBEX_PACKAGE_MAP),
            webhookIps: parseWebhookIps(env.TEBEX_WEBHOOK_IPS),
          }
        : null,
    stripe:
      gateway === 'stripe' && secretKey && publishableKey && webhookSecret
        ? { secretKey, publishableKey, webhookSecret, apiBase: env.STRIPE_API_BASE ?? null }
        : null,
    discordDelivery: {
      apiUrl: env.DISCORD_API_URL ?? `${env.DISCORD_BASE_URL.replace(/\/$/, '')}/api/v10`,
      bot:
        env.DISCORD_BOT_TOKEN && env.DISCORD_GUILD_ID
          ? { token: env.DISCORD_BOT_TOKEN, guildId: env.DISCORD_GUILD_ID }
          : null,
      staffWebhookUrl: env.DISCORD_STAFF_WEBHOOK_URL ?? null,
      roleMapping: {
        products: parseRoleMap(env.DISCORD_ROLE_MAP),
        whitelistRoleId: env.DISCORD_WHITELIST_ROLE_ID ?? null,
      },
      maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
      retryBaseMs: env.DELIVERY_RETRY_BASE_MS,
      pollMs: env.DELIVERY_POLL_MS,
      worker: env.DELIVERY_WORKER === 'on',
    },
    webhooks: {
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      targets: env.WEBHOOK_TARGETS ?? (production ? 'public-https' : 'any'),
    },
    memberships: { renewalPollMs: env.MEMBERSHIP_RENEWAL_POLL_MS },
    purchases: { reconcilePollMs: env.PURCHASE_RECONCILE_POLL_MS },
    interviews: { requiredFor: env.INTERVIEW_REQUIRED_FOR, reminderPollMs: env.INTERVIEW_REMINDER_POLL_MS },
    game: {
      serverUrl: env.FIVEM_SERVER_URL ?? null,
      statusPollMs: env.FIVEM_STATUS_POLL_MS,
      connectCode: env.FIVEM_CONNECT_CODE ?? null,
      apiKey: env.GAME_API_KEY ?? null,
      grants: env.GAME_GRANTS_FILE ? readGrantsFile(env.GAME_GRANTS_FILE) : null,
      grantLeaseSeconds: env.GAME_GRANT_LEASE_SECONDS,
    },
    figures: {
      activePlayers: env.FIGURE_ACTIVE_PLAYERS ?? null,
      serverUptime: env.FIGURE_SERVER_UPTIME ?? null,
      customVehicles: env.FIGURE_CUSTOM_VEHICLES ?? null,
      jobSystems: env.FIGURE_JOB_SYSTEMS ?? null,
    },
    backups: {
      everyMs: backupEvery(env.BACKUP_EVERY, env.DATABASE_URL !== undefined),
      dir: env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups'),
      keep: env.BACKUP_KEEP,
    },
    staffSecondFactor: env.STAFF_2FA,
    store: {
      fivemListed,
      fivemListedSet: env.FIVEM_LISTED !== undefined,
      purchaseTokens: env.PURCHASE_TOKENS === 'on',
    },
    quorum: {
      whitelist: quorumSetting(env.QUORUM_WHITELIST, env.VOTES_VISIBLE_BEFORE_VOTING.includes('whitelist')),
      staff: quorumSetting(env.QUORUM_STAFF, env.VOTES_VISIBLE_BEFORE_VOTING.includes('staff')),
      appeal: quorumSetting(env.QUORUM_APPEAL, env.VOTES_VISIBLE_BEFORE_VOTING.includes('appeal')),
    },
    mail: mailSettings(env, production),
    logLevel: env.LOG_LEVEL,
  };
}

const quorumSetting = (approvals: number, votesVisibleBeforeVoting: boolean) => ({
  approvals,
  votesVisibleBeforeVoting,
});

/** SMTP_URL and MAIL_FROM, checked at start; a message names the variable, never its value (it holds a password). */
function mailSettings(env: Env, production: boolean): Config['mail'] {
  const smtp = env.SMTP_URL ? smtpServer(env.SMTP_URL) : null;
  const publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  const from = env.MAIL_FROM ?? `${BRAND} <receipts@${publicHost}>`;
  if (!MAIL_FROM_SHAPE.test(from))
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_FROM: must be an address (receipts@example.com) or a name and an address (Bayou Roleplay <receipts@example.com>)',
    );
  return {
    smtpUrl: env.SMTP_URL ?? null,
    smtpHost: smtp?.host ?? null,
    from,
    dropDir: join(env.DATA_DIR, 'mail'),
    devPage: !production && smtp === null,
  };
}

/** an address, or a name (no angle brackets) and an address in them */
const MAIL_FROM_SHAPE = /^(?:[^<>@\s]+@[^<>@\s]+|[^<>]*<[^<>@\s]+@[^<>@\s]+>)$/;

function smtpServer(raw: string): { host: string } {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: must be an smtp:// or smtps:// address with a host, e.g. smtp://user:password@mail.example.com:587 (the value is not shown: it may hold a password)',
    );
  return { host: url.hostname };
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** a timer waits at most 2^31 - 1 ms */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * BACKUP_EVERY: `off`, or a whole number and a unit (s, m, h, d). Unset: daily on the embedded database, whose files
 * nothing else backs up; off on DATABASE_URL, a server the operator backs up with its own tools (README).
 */
function backupEvery(raw: string | undefined, sharedDatabase: boolean): number | null {
  if (raw === undefined) return sharedDatabase ? null : UNIT_MS.d;
  if (raw.toLowerCase() === 'off') return null;
  const match = /^(\d+)\s*([smhd])$/i.exec(raw);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2].toLowerCase() as keyof typeof UNIT_MS] : 0;
  if (ms < UNIT_MS.s || ms > MAX_TIMER_MS)
    throw new ConfigError(
      `Invalid configuration:\n  BACKUP_EVERY: must be off, or a whole number and a unit from 1s to 24d (e.g. 6h, 1d), not '${raw}'`,
    );
  return ms;
}

/**
 * A JSON map from catalogue items (`product` or `product:option`) to values `valueProblem` accepts (it names what
 * is wrong with one, or answers null). Every problem is reported at once, under the variable's name.
 */
function parseItemMap<T>(
  name: string,
  raw: string,
  example: string,
  valueProblem: (value: unknown, key: string) => string | null,
  options: { wholeProductsOnly?: boolean } = {},
): Record<string, T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: must be JSON, e.g. ${example}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError(`Invalid configuration:\n  ${name}: must be a JSON object`);
  const catalogue = new Catalogue();
  const problems: string[] = [];
  const map: Record<string, T> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const item = catalogue.itemOf(key);
    if ('problem' in item) {
      if (item.problem === 'no-product') problems.push(`'${key}' is not a product id of the catalogue`);
      else problems.push(`${item.product.name} has no option '${item.optionId}'`);
    } else if (options.wholeProductsOnly && item.optionId === undefined && item.product.options.length > 0)
      problems.push(
        `${item.product.name} is sold by option: name one, e.g. '${item.product.id}:${item.product.options[0].id}'`,
      );
    const problem = valueProblem(value, key);
    if (problem) problems.push(problem);
    else map[key] = value as T;
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${name}: ${problem}`).join('\n')}`);
  return map;
}

/** DISCORD_ROLE_MAP: every key must name a product (or a product's option) of the catalogue, every value a role id. */
function parseRoleMap(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  return parseItemMap<string>('DISCORD_ROLE_MAP', raw, '{"bayou-basic": "112233445566778899"}', (value, key) =>
    typeof value !== 'string' || !SNOWFLAKE.test(value)
      ? `the role for '${key}' must be a Discord role id (digits, as a string)`
      : null,
  );
}

/** GAME_GRANTS_FILE: the file must be JSON whose every product, option, action, step and placeholder is known. */
function readGrantsFile(path: string): GrantPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  GAME_GRANTS_FILE: cannot read ${path} as JSON (${(error as Error).message})`,
    );
  }
  const read = readGrantPlan(raw, new Catalogue());
  if ('problems' in read)
    throw new ConfigError(
      `Invalid configuration:\n${read.problems.map((problem) => `  GAME_GRANTS_FILE ${path}: ${problem}`).join('\n')}`,
    );
  return read.plan;
}

/** TEBEX_PACKAGE_MAP: every key must name a sellable item of the catalogue, every value a Tebex package id. */
function parseTebexPackageMap(raw: string | undefined): Record<string, number> | null {
  if (!raw) return null;
  return parseItemMap<number>(
    'TEBEX_PACKAGE_MAP',
    raw,
    '{"bayou-basic": 5123456}',
    (value, key) =>
      typeof value !== 'number' || !Number.isInteger(value) || value <= 0
        ? `the package for '${key}' must be a Tebex package id (a whole number)`
        : null,
    { wholeProductsOnly: true },
  );
}

/** TEBEX_WEBHOOK_IPS: addresses, or "tebex" for the two Tebex sends from */
function parseWebhookIps(raw: string | undefined): string[] | null {
  if (!raw) return null;
  const list = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => (entry.toLowerCase() === 'tebex' ? ['18.209.80.3', '54.87.231.232'] : [entry]));
  return list.length > 0 ? list : null;
}
