import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../adapters/config.ts';
import { composeSystem, type System } from '../../adapters/compose.ts';
import { startServer } from '../../adapters/http/server.ts';
import { createLogger, type Logger } from '../../adapters/logger.ts';
import { STORE_BANS_CHANGED } from '../../adapters/persistence/mikro-orm-store-bans.ts';
import type { Clock } from '../../core/shared/ports.ts';
import type { Resolve } from '../../adapters/webhooks/webhook-targets.ts';
import { createTestDatabase, type DatabaseTarget, REAL_POSTGRES_URL, serverTarget } from './databases.ts';
import { pgliteBlankTemplate, pgliteTemplate } from './pglite-template.ts';

export interface TestServer {
  url: string;
  system: System;
  /** stops the server and drops its database (the worker's shared server refuses: see sharedTestServer) */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  target?: DatabaseTarget;
  env?: Record<string, string>;
  /** serve the built UI too (browser tests) */
  ui?: boolean;
  migrate?: boolean;
  /** a clock the test moves (session and sign-in expiry) */
  clock?: Clock;
  /** capture the server's log lines */
  logger?: Logger;
  /** how webhook endpoints' names resolve (a test that rebinds a name); the system's DNS unless given */
  resolve?: Resolve;
  /** limiters in place of the configured ones (a test that waits out a limit's window) */
  rateLimits?: Partial<System['rateLimits']>;
}

/**
 * A store ban written straight to its table, as a dispute heard by another process (or the CLI) writes it; answers
 * once this server has heard of it through its change feed, which is when a store ban made elsewhere applies here.
 */
export async function storeBanFromElsewhere(server: TestServer, userId: string): Promise<void> {
  const database = server.system.database;
  let stop = () => {};
  const heard = new Promise<void>((done, failed) => {
    const timer = setTimeout(() => failed(new Error(`The server did not hear the store ban of ${userId}.`)), 5_000);
    stop = () => {
      clearTimeout(timer);
      unlisten();
    };
    const unlisten = database.onChange((key) => {
      if (key === STORE_BANS_CHANGED || key === '*') done();
    });
  });
  try {
    await database.query(
      `insert into "store_bans" ("user_id", "reason", "created_at") values (?, 'Payment dispute in a test', now())`,
      [userId],
    );
    await heard;
  } finally {
    stop();
  }
}

/** The real app on a free loopback port, on a fresh database (on the target given, else the run's: see serverTarget). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(options.target ?? serverTarget(), REAL_POSTGRES_URL, {
    migrated: options.migrate !== false,
  });
  const system = await composeTestSystem(options, database.url);
  // before the app is built: its middleware holds these
  Object.assign(system.rateLimits, options.rateLimits);
  const running = await startServer(system, {
    uiDir: options.ui ? UI_DIR : undefined,
    // a test that sets PUBLIC_URL (pages a provider sends buyers back to) picked the port for it
    port: options.env?.PORT ? Number(options.env.PORT) : 0,
    host: '127.0.0.1',
  });
  return {
    url: running.url,
    system,
    stop: async () => {
      await running.stop();
      await database.drop();
    },
  };
}

/** the built UI a test server serves when asked to (browser tests) */
export const UI_DIR = 'ui/dist';

/**
 * The system a test server runs on: the test configuration (below) with the options' env on top, on the database
 * at `databaseUrl`, or on a fresh in-memory embedded one loaded from the run's migrated template.
 */
export async function composeTestSystem(options: TestServerOptions, databaseUrl: string | undefined): Promise<System> {
  const config = loadConfig({
    NODE_ENV: 'test',
    // what a server writes beside its database (the emails as files, with no SMTP_URL) goes outside the repository
    DATA_DIR: join(tmpdir(), `bayou-test-data-${process.pid}`),
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    // tests sign in and write in bursts from one address; a test about rate limits sets its own
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    // a staff application is decided without an interview unless a test asks for one (tests/api/interviews.test.ts)
    INTERVIEW_REQUIRED_FOR: 'none',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_COUPONS_PER_MINUTE: '100000',
    RATE_LIMIT_CODES_PER_MINUTE: '100000',
    // a test about the server's own reconciliation sets its own; others complete or leave purchases themselves
    PURCHASE_RECONCILE_POLL_MS: '3600000',
    // staff act without a second factor here; the tests of the factor and the authorization matrix set STAFF_2FA
    STAFF_2FA: 'none',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  return composeSystem(config, {
    dataDir: 'memory',
    // a test that checks migrating itself starts from a blank database
    memoryTemplate: options.migrate === false ? pgliteBlankTemplate() : pgliteTemplate(),
    // TEST_LOG=info prints the test servers' log lines: each request with its status and time
    logger: options.logger ?? createLogger(process.env.TEST_LOG ?? 'silent'),
    migrate: options.migrate,
    clock: options.clock,
    resolve: options.resolve,
  });
}

/** A complete production configuration (Discord and Stripe set, never contacted by the tests using it). */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://store.example.com',
  SESSION_SECRET: 'a-production-session-secret-of-enough-length',
  DISCORD_CLIENT_ID: 'client',
  DISCORD_CLIENT_SECRET: 'secret',
  DISCORD_REDIRECT_URI: 'https://store.example.com/api/auth/discord/callback',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
