import { randomUUID } from 'node:crypto';
import { Catalogue, withoutPurchaseTokens } from '../core/catalogue/model/catalogue.ts';
import { ALL_PRODUCTS } from '../core/catalogue/model/products.ts';
import { createCatalogueModule } from '../core/catalogue/module.ts';
import { createCore, type Core } from '../core/index.ts';
import { RoleMapping } from '../core/delivery/model/role-mapping.ts';
import { systemClock, type Clock } from '../core/shared/ports.ts';
import type { SessionStore } from '../core/users/ports.ts';
import type { Config } from './config.ts';
import { DeliveryWorker } from './discord/delivery-worker.ts';
import { DiscordRestGateway } from './discord/discord-rest-gateway.ts';
import { BackupScheduler } from './scheduling/backup-scheduler.ts';
import { writeBackup } from './persistence/backup/write-backup.ts';
import { RecurringJob } from './scheduling/recurring-job.ts';
import type { RenewalReport } from '../core/memberships/use-cases/renew-due-memberships.ts';
import type { ReconcileReport } from '../core/purchases/use-cases/reconcile-purchases.ts';
import { interviewCalendarPath } from './http/contract/interviews.ts';
import { RateLimiter } from './http/middleware/rate-limiter.ts';
import { ListResponseCache } from './http/middleware/list-response-cache.ts';
import { PublicResponseCache } from './http/middleware/public-response-cache.ts';
import { SessionResponseCache } from './http/middleware/session-response-cache.ts';
import { protectiveHeaders } from './http/middleware/security-headers.ts';
import type { DiscordIdentityProvider } from './identity/discord-identity-provider.ts';
import { resolveSessionSecret } from './identity/session-secret.ts';
import { createLogger, type Logger } from './logger.ts';
import { NO_GAME_SERVER } from '../core/game/model/server-status.ts';
import { FxServerStatus } from './fivem/fxserver-status.ts';
import { CachedPromotions } from './persistence/cached-promotions.ts';
import { CachedStoreBans } from './persistence/cached-store-bans.ts';
import { CachedSessionStore } from './persistence/cached-session-store.ts';
import { ChangeFeed } from './persistence/change-feed.ts';
import { createPaymentAdapters, type PaymentAdapters } from './payments/payment-adapters.ts';
import { mikroOrmApplicationPorts } from './persistence/application-ports.ts';
import { MikroOrmAccountActionLog } from './persistence/mikro-orm-account-action-log.ts';
import { MikroOrmQueueActions } from './persistence/mikro-orm-queue-actions.ts';
import { MikroOrmQueueAdmissions } from './persistence/mikro-orm-queue-admissions.ts';
import { SharedQueueBoard } from './persistence/shared-queue-board.ts';
import { MikroOrmAuditChain } from './persistence/mikro-orm-audit-chain.ts';
import { MikroOrmCreatorRepository } from './persistence/mikro-orm-creator-repository.ts';
import { MikroOrmDashboardFigures } from './persistence/mikro-orm-dashboard-figures.ts';
import { Database } from './persistence/database.ts';
import { isDatabaseBusy } from './persistence/database-busy.ts';
import { MikroOrmDeliveryOutbox } from './persistence/mikro-orm-delivery-outbox.ts';
import { MikroOrmMailOutbox } from './persistence/mikro-orm-mail-outbox.ts';
import { EmlFileMailSender } from './mail/eml-file-mail-sender.ts';
import { EmlMailbox } from './mail/eml-mailbox.ts';
import { SmtpMailSender } from './mail/smtp-mail-sender.ts';
import { pagePath } from './http/contract/pages.ts';
import { MikroOrmGrantQueue } from './persistence/mikro-orm-grant-queue.ts';
import { MikroOrmAccountEraser } from './persistence/mikro-orm-account-eraser.ts';
import { MikroOrmPrivacyRequests } from './persistence/mikro-orm-privacy-requests.ts';
import { MikroOrmInterviewRepository } from './persistence/mikro-orm-interviews.ts';
import { MikroOrmApiTokenRepository } from './persistence/mikro-orm-api-token-repository.ts';
import { MikroOrmDemoIntentStore } from './persistence/mikro-orm-demo-intent-store.ts';
import { MikroOrmEntitlements } from './persistence/mikro-orm-entitlements.ts';
import { MikroOrmMembershipRepository } from './persistence/mikro-orm-membership-repository.ts';
import { MikroOrmPaymentEventLog } from './persistence/mikro-orm-payment-event-log.ts';
import { MikroOrmPurchaseRepository } from './persistence/mikro-orm-purchase-repository.ts';
import { MikroOrmServerCheckLog } from './persistence/mikro-orm-server-check-log.ts';
import { MikroOrmSessionStore } from './persistence/mikro-orm-session-store.ts';
import { MikroOrmStripeCustomers } from './persistence/mikro-orm-stripe-customers.ts';
import { MikroOrmTebexPackageStore } from './persistence/mikro-orm-tebex-package-store.ts';
import { mikroOrmUserPorts } from './persistence/user-ports.ts';
import { MikroOrmSecondFactorRepository } from './persistence/mikro-orm-second-factor-repository.ts';
import { SimpleWebAuthnPasskeyCeremony } from './security/simple-webauthn-passkey-ceremony.ts';
import { OtpauthOneTimeCodes } from './security/otpauth-one-time-codes.ts';
import { AesGcmSecretBox } from './security/aes-gcm-secret-box.ts';
import { resealSecrets } from './persistence/reseal-secrets.ts';
import { CachedWebhookEndpoints } from './persistence/cached-webhook-endpoints.ts';
import { MikroOrmWebhookOutbox } from './persistence/mikro-orm-webhook-outbox.ts';
import { HttpWebhookSender } from './webhooks/http-webhook-sender.ts';
import { AddressPolicy, type Resolve } from './webhooks/webhook-targets.ts';

/** Second-factor codes tried per member per minute: a six-digit code is not guessed at this pace. */
const SECOND_FACTOR_TRIES_PER_MINUTE = 5;

/** Everything the server and the CLI run on, built once from the configuration. */
export interface System {
  config: Config;
  logger: Logger;
  clock: Clock;
  database: Database;
  core: Core;
  /** the card payment gateway chosen by configuration, with its webhook verifier or demo confirm */
  payments: PaymentAdapters;
  /** Discord sign-in, or null for the development sign-in */
  identity: DiscordIdentityProvider | null;
  /** the sessions table, read with each session's user */
  sessions: SessionStore;
  /** hears the database announce changes to rows cached in memory (started by the first session read) */
  changes: ChangeFeed;
  /** signs session cookies: SESSION_SECRET, or one stored in the data directory */
  sessionSecret: string;
  /**
   * the HTTP response caches the app mounts, per process: the staff's polled lists, public reads by address, and
   * signed-in reads beside their session
   */
  caches: { lists: ListResponseCache; publicReads: PublicResponseCache; sessionReads: SessionResponseCache };
  /** per process: sign-ins per client address, writes per signed-in user */
  rateLimits: {
    signIn: RateLimiter;
    writes: RateLimiter;
    game: RateLimiter;
    coupons: RateLimiter;
    codes: RateLimiter;
    /** second-factor codes and passkey answers tried, per signed-in member */
    secondFactor: RateLimiter;
    /** requests per API token under /api/v1 */
    api: RateLimiter;
  };
  /** sends the Discord outbox; the web server starts it, the CLI runs passes itself */
  deliveryWorker: DeliveryWorker;
  /** sends the emails' outbox (SMTP_URL, or .eml files); started and stopped with the delivery worker */
  mailWorker: DeliveryWorker;
  /** sends the webhooks' outbox to the registered endpoints; started and stopped with the delivery worker */
  webhookWorker: DeliveryWorker;
  /** the .eml files written with no SMTP_URL, for the development page (null in production or with SMTP_URL) */
  mailbox: EmlMailbox | null;
  /** renews and ends memberships when due; the web server starts it with the delivery worker */
  renewalScheduler: RecurringJob<RenewalReport>;
  /** backs the database up every BACKUP_EVERY (null: off, or a throw-away database); the web server starts it */
  backupScheduler: BackupScheduler | null;
  /** completes paid and fails lapsed pending purchases; the web server starts it with the delivery worker */
  reconcileScheduler: RecurringJob<ReconcileReport>;
  /** writes each booked interview's Discord reminder 30 minutes ahead; the web server starts it with the delivery worker */
  interviewReminders: RecurringJob<{ reminded: number }>;
  /** reads the game server's status every few seconds (null: no FIVEM_SERVER_URL); the web server starts it */
  gameStatus: FxServerStatus | null;
  /** stops the delivery worker (its current pass finishes), then closes the database */
  close(): Promise<void>;
}

export interface ComposeOptions {
  logger?: Logger;
  /** 'memory' gives a throw-away embedded database (tests) */
  dataDir?: string;
  migrate?: boolean;
  /** a clock tests can move (session and sign-in expiry) */
  clock?: Clock;
  /** with dataDir 'memory': a dump of an embedded database to start from (tests start from a migrated one) */
  memoryTemplate?: string;
  /** how endpoints' names are resolved (the system's DNS unless given; tests give one that rebinds) */
  resolve?: Resolve;
}

/**
 * The catalogue's use cases alone, for a command that reads the static catalogue without opening the system; `store`
 * is the configuration's (the rules check reads it).
 */
export function composeCatalogue(store: Config['store']) {
  return createCatalogueModule(catalogueOf(store), store);
}

/** The catalogue as the store sells it: with its token grants, or none where purchases credit no tokens. */
function catalogueOf(store: Config['store']): Catalogue {
  return new Catalogue(store.purchaseTokens ? ALL_PRODUCTS : withoutPurchaseTokens(ALL_PRODUCTS));
}

/** The one composition root: configuration in, every adapter built, use cases wired. Server, CLI and tests share it. */
export async function composeSystem(config: Config, options: ComposeOptions = {}): Promise<System> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const dataDir = options.dataDir ?? config.database.dataDir;
  const database = await Database.open({
    url: config.database.url ?? undefined,
    dataDir,
    memoryTemplate: options.memoryTemplate,
  });
  try {
    if (options.migrate ?? true) await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const catalogue = catalogueOf(config.store);
  const gameStatus = config.game.serverUrl
    ? new FxServerStatus({
        url: config.game.serverUrl,
        pollMs: config.game.statusPollMs,
        logger,
        // core is built below; the poller starts only once the server runs
        recordCheck: (online) => database.withContext(() => core.game.recordCheck.execute({ online })),
      })
    : null;
  // one of each repository, shared by every use case and adapter that reads it
  const purchases = new MikroOrmPurchaseRepository(database);
  const outbox = new MikroOrmDeliveryOutbox(database);
  const applications = mikroOrmApplicationPorts(database, config.quorum);
  const payments = await createPaymentAdapters(config, catalogue, {
    demoIntents: new MikroOrmDemoIntentStore(database),
    stripeCustomers: new MikroOrmStripeCustomers(database),
    tebexPackages: new MikroOrmTebexPackageStore(database),
  });
  const delivery = config.discordDelivery;
  let worker: DeliveryWorker | undefined;
  let mailWorker: DeliveryWorker | undefined;
  let webhookWorker: DeliveryWorker | undefined;
  const addressPolicy = new AddressPolicy(config.webhooks.targets, options.resolve);
  const mail = config.mail;
  const publicUrl = config.server.publicUrl;
  const sessionSecret = resolveSessionSecret(config.sessionSecret ?? undefined, dataDir);
  // the site's name as passkey prompts and authenticator apps show it
  const siteName = 'Bayou Roleplay';
  // hears every process's changes to what is cached in memory: sessions, coupons and sales, store bans, list responses
  const changes = new ChangeFeed(database, logger);
  const storeBans = new CachedStoreBans(database, changes);
  const entitlements = new MikroOrmEntitlements(database);
  // seals second factors' and webhooks' secrets with a key from the session secret; during a rotation, a start that
  // brought the schema up to date seals again with it what the previous one sealed (decision 0111)
  const secretBox = new AesGcmSecretBox(
    sessionSecret,
    config.previousSessionSecret ? [config.previousSessionSecret] : [],
  );
  if (secretBox.rotating && (options.migrate ?? true)) {
    try {
      await resealSecrets(database, secretBox, logger);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const core = createCore({
    clock,
    ids: { next: randomUUID },
    catalogue,
    store: config.store,
    transactions: { run: (work) => database.transactional(work), isTransient: isDatabaseBusy },
    applications,
    users: mikroOrmUserPorts(database, config.adminDiscordIds),
    purchases: {
      purchases,
      events: new MikroOrmPaymentEventLog(database),
      gateway: payments.gateway,
      bans: storeBans,
    },
    delivery: {
      outbox,
      discord: new DiscordRestGateway({
        apiUrl: delivery.apiUrl,
        botToken: delivery.bot?.token,
        guildId: delivery.bot?.guildId,
        staffWebhookUrl: delivery.staffWebhookUrl ?? undefined,
        onRateLimit: (limit) => logger.warn({ discordRateLimit: limit }, 'Discord rate limit: waiting'),
      }),
      entitlements,
      roles: new RoleMapping(delivery.roleMapping),
      settings: { maxAttempts: delivery.maxAttempts, retryBaseMs: delivery.retryBaseMs },
      onQueued: () => worker?.wake(),
    },
    mail: {
      outbox: new MikroOrmMailOutbox(database),
      sender: mail.smtpUrl
        ? new SmtpMailSender({ url: mail.smtpUrl, from: mail.from })
        : new EmlFileMailSender({ dir: mail.dropDir, from: mail.from }),
      links: {
        receipt: (id) => `${publicUrl}${pagePath('/account/receipts/:id', { id })}`,
        account: `${publicUrl}${pagePath('/account')}`,
      },
      settings: { maxAttempts: delivery.maxAttempts, retryBaseMs: delivery.retryBaseMs },
      onQueued: () => mailWorker?.wake(),
    },
    grants: {
      queue: new MikroOrmGrantQueue(database),
      leaseSeconds: config.game.grantLeaseSeconds,
      ...(config.game.grants ? { plan: config.game.grants } : {}),
    },
    players: {
      actions: new MikroOrmAccountActionLog(database),
      deliveries: outbox,
      storeBans,
      reviews: applications.auditLog,
    },
    memberships: {
      memberships: new MikroOrmMembershipRepository(database),
      gateway: payments.subscriptions,
    },
    game: {
      status: gameStatus ?? NO_GAME_SERVER,
      checks: new MikroOrmServerCheckLog(database),
      ownerFigures: config.figures,
    },
    // the latest report of each game server's queue, in memory, shared between processes through its table
    queue: {
      board: new SharedQueueBoard(database),
      admissions: new MikroOrmQueueAdmissions(database),
      actions: new MikroOrmQueueActions(database),
    },
    // coupons and sales read by every checkout, from memory until one changes
    promotions: { promotions: new CachedPromotions(database, changes) },
    creators: { creators: new MikroOrmCreatorRepository(database) },
    dashboard: { figures: new MikroOrmDashboardFigures(database) },
    auditChain: { chain: new MikroOrmAuditChain(database) },
    security: {
      factors: new MikroOrmSecondFactorRepository(database),
      passkeys: new SimpleWebAuthnPasskeyCeremony(config.server.publicUrl, siteName),
      codes: new OtpauthOneTimeCodes(siteName),
      secrets: secretBox,
      required: config.staffSecondFactor,
    },
    privacy: { requests: new MikroOrmPrivacyRequests(database), eraser: new MikroOrmAccountEraser(database) },
    interviews: {
      interviews: new MikroOrmInterviewRepository(database),
      links: {
        account: `${publicUrl}${pagePath('/account')}`,
        calendar: (id) => `${publicUrl}${interviewCalendarPath(id)}`,
      },
      settings: { requiredFor: config.interviews.requiredFor },
    },
    apiTokens: { tokens: new MikroOrmApiTokenRepository(database) },
    // the endpoints every purchase asks about, from memory until one changes
    webhooks: {
      endpoints: new CachedWebhookEndpoints(database, changes),
      outbox: new MikroOrmWebhookOutbox(database),
      sender: new HttpWebhookSender({ policy: addressPolicy, timeoutMs: config.webhooks.timeoutMs }),
      targets: addressPolicy,
      secrets: secretBox,
      settings: { maxAttempts: config.webhooks.maxAttempts, retryBaseMs: delivery.retryBaseMs },
      timeoutMs: config.webhooks.timeoutMs,
      onQueued: () => webhookWorker?.wake(),
    },
  });
  worker = new DeliveryWorker({
    pass: () =>
      database.withContext(async () => {
        const report = await core.delivery.deliverDue.execute();
        // an erased account's role removals sent (or given up): its erasure completes
        if (report.delivered + report.failed > 0) await core.privacy?.finishErasures.execute();
        return report;
      }),
    logger,
    pollMs: delivery.pollMs,
  });
  const deliveryWorker = worker;
  mailWorker = new DeliveryWorker({
    pass: async () => {
      const report = await database.withContext(() => core.mail.sendDue.execute());
      return { delivered: report.sent, retrying: report.retrying, failed: report.failed };
    },
    logger,
    pollMs: delivery.pollMs,
    failedMessage: 'Emails failed for good; staff see them on the purchase and at GET /api/emails?status=failed',
  });
  const emailWorker = mailWorker;
  webhookWorker = new DeliveryWorker({
    pass: () => database.withContext(() => core.webhooks.sendDue.execute()),
    logger,
    pollMs: delivery.pollMs,
    failedMessage: 'Webhook messages failed for good; see `webhooks messages <endpoint-id>`',
  });
  const hookWorker = webhookWorker;
  const renewalScheduler = new RecurringJob({
    name: 'membership renewals',
    pass: () => database.withContext(() => core.memberships.renewDue.execute({ now: clock.now() })),
    summary: (report) => (report.checked > 0 ? report : null),
    logger,
    pollMs: config.memberships.renewalPollMs,
  });
  const { backups } = config;
  const backupScheduler =
    backups.everyMs !== null && dataDir !== 'memory'
      ? new BackupScheduler({
          take: (file) => writeBackup(database, file),
          dir: backups.dir,
          keep: backups.keep,
          everyMs: backups.everyMs,
          logger,
        })
      : null;
  const reconcileScheduler = new RecurringJob({
    name: 'purchase reconciliation',
    pass: () => database.withContext(() => core.purchases.reconcile.execute()),
    summary: (report) =>
      report.completed.length + report.failed.length + report.errors.length > 0
        ? { completed: report.completed, failed: report.failed, errors: report.errors }
        : null,
    logger,
    pollMs: config.purchases.reconcilePollMs,
  });
  const interviewReminders = new RecurringJob({
    name: 'interview reminders',
    pass: () => database.withContext(() => core.interviews.sendReminders.execute()),
    summary: (report) => (report.reminded > 0 ? report : null),
    logger,
    pollMs: config.interviews.reminderPollMs,
  });
  // sessions and their users in memory, dropped on every change (this process's, and others' through the feed)
  // a buyer's Discord id comes with their session: their first delivery need not read it
  const sessions = new CachedSessionStore(new MikroOrmSessionStore(database, clock), database, changes, clock, (user) =>
    entitlements.knowDiscordId(user.id, user.discordId),
  );
  // cached responses are sent again only over HTTPS where the site requires it, the scheme read past trusted proxies
  const cacheOptions = {
    httpsOnly: config.production,
    trustProxy: config.server.trustProxyHops > 0,
    protective: protectiveHeaders(config.production),
  };
  return {
    config,
    logger,
    clock,
    database,
    core,
    payments,
    // Discord's OAuth library is loaded only where Discord sign-in is configured
    identity: config.discordOAuth
      ? new (await import('./identity/discord-identity-provider.ts')).DiscordIdentityProvider(config.discordOAuth)
      : null,
    sessions,
    changes,
    sessionSecret,
    caches: {
      lists: new ListResponseCache(database, changes, clock),
      publicReads: new PublicResponseCache(clock, cacheOptions, database),
      sessionReads: new SessionResponseCache(sessions, sessionSecret, clock, cacheOptions),
    },
    rateLimits: {
      signIn: new RateLimiter(config.rateLimits.signInPerMinute),
      writes: new RateLimiter(config.rateLimits.writesPerMinute),
      game: new RateLimiter(config.rateLimits.gamePerMinute),
      coupons: new RateLimiter(config.rateLimits.couponsPerMinute),
      codes: new RateLimiter(config.rateLimits.codesPerMinute),
      secondFactor: new RateLimiter(SECOND_FACTOR_TRIES_PER_MINUTE),
      api: new RateLimiter(config.rateLimits.apiPerMinute),
    },
    deliveryWorker,
    mailWorker: emailWorker,
    webhookWorker: hookWorker,
    mailbox: mail.devPage ? new EmlMailbox(mail.dropDir) : null,
    renewalScheduler,
    backupScheduler,
    reconcileScheduler,
    interviewReminders,
    gameStatus,
    close: async () => {
      await gameStatus?.stop();
      await backupScheduler?.stop();
      await renewalScheduler.stop();
      await reconcileScheduler.stop();
      await interviewReminders.stop();
      await deliveryWorker.stop();
      await emailWorker.stop();
      await hookWorker.stop();
      await sessions.stop();
      await database.close();
    },
  };
}
