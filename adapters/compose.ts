import { randomUUID } from 'node:crypto';
import { createCore, type Core } from '../core/index.ts';
import type { Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { Database } from './persistence/database.ts';
import { mikroOrmApplicationPorts } from './persistence/application-ports.ts';
import { mikroOrmUserPorts } from './persistence/user-ports.ts';
import { MikroOrmPurchaseRepository } from './persistence/mikro-orm-purchase-repository.ts';
import { MikroOrmPaymentEventLog } from './persistence/mikro-orm-payment-event-log.ts';
import { MikroOrmStoreBans } from './persistence/mikro-orm-store-bans.ts';
import { createPaymentAdapters, type PaymentAdapters } from './payments/payment-adapters.ts';
import { resolveSessionSecret } from './identity/session-secret.ts';
import type { Clock } from '../core/shared/ports.ts';
import { RoleMapping } from '../core/delivery/role-mapping.ts';
import { DiscordRestGateway } from './discord/discord-rest-gateway.ts';
import { DeliveryWorker } from './discord/delivery-worker.ts';
import { MikroOrmDeliveryOutbox } from './persistence/mikro-orm-delivery-outbox.ts';
import { MikroOrmEntitlements } from './persistence/mikro-orm-entitlements.ts';

export interface System {
  config: Config;
  logger: Logger;
  database: Database;
  core: Core;
  /** the card payment gateway chosen by configuration, with its webhook verifier or demo confirm */
  payments: PaymentAdapters;
  /** sends the Discord outbox; the web server starts it, the CLI runs passes itself */
  deliveryWorker: DeliveryWorker;
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
}

/** The one composition root: configuration in, adapters built, use cases wired. Server, CLI and tests share it. */
export async function composeSystem(config: Config, options: ComposeOptions = {}): Promise<System> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await Database.open({ url: config.DATABASE_URL, dataDir: options.dataDir ?? config.DATA_DIR });
  try {
    if (options.migrate ?? true) await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const transactions = { run: <T>(work: () => Promise<T>) => database.transactional(work) };
  const payments = createPaymentAdapters(config, database);
  const discord = new DiscordRestGateway({
    apiUrl: config.discordApiUrl,
    botToken: config.DISCORD_BOT_TOKEN,
    guildId: config.DISCORD_GUILD_ID,
    staffWebhookUrl: config.DISCORD_STAFF_WEBHOOK_URL,
  });
  let worker: DeliveryWorker | undefined;
  const core = createCore({
    clock: options.clock,
    ids: { next: randomUUID },
    transactions,
    applications: mikroOrmApplicationPorts(database),
    users: mikroOrmUserPorts(database, config.ADMIN_DISCORD_IDS),
    purchases: {
      purchases: new MikroOrmPurchaseRepository(database),
      events: new MikroOrmPaymentEventLog(database),
      gateway: payments.gateway,
      bans: new MikroOrmStoreBans(database),
    },
    delivery: {
      outbox: new MikroOrmDeliveryOutbox(database),
      discord,
      entitlements: new MikroOrmEntitlements(database),
      roles: new RoleMapping(config.roleMapping),
      settings: { maxAttempts: config.DELIVERY_MAX_ATTEMPTS, retryBaseMs: config.DELIVERY_RETRY_BASE_MS },
      onQueued: () => worker?.wake(),
    },
  });
  worker = new DeliveryWorker({ pass: () => database.withContext(() => core.delivery.deliverDue.execute()), logger, pollMs: config.DELIVERY_POLL_MS });
  const deliveryWorker = worker;
  return {
    config: { ...config, SESSION_SECRET: resolveSessionSecret(config.SESSION_SECRET, options.dataDir ?? config.DATA_DIR) },
    logger,
    database,
    core,
    payments,
    deliveryWorker,
    close: async () => {
      await deliveryWorker.stop();
      await database.close();
    },
  };
}
