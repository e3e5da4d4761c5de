import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { ConfigError } from '../config-error.ts';
import { type Config, loadConfig } from '../config.ts';
import { composeSystem } from '../compose.ts';
import { flushLogger } from '../logger.ts';
import { startServer } from './server.ts';

/** Entry point of the web server: config, migrations, listen, and a graceful stop on SIGTERM/SIGINT. */
export async function main(options: { apiOnly?: boolean } = {}): Promise<void> {
  keepRequestGarbageYoung();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let workers: number;
  try {
    workers = workerCount(process.env.WEB_CONCURRENCY, config.database.url !== null);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (workers > 1 && cluster.isPrimary) return runPrimary(workers);
  const system = await composeSystem(config);
  const uiDir = resolve('ui/dist');
  const running = await startServer(system, { uiDir: options.apiOnly ? undefined : uiDir });
  const modes = [
    system.database.isEmbedded ? `embedded database in ${config.database.dataDir}` : 'Postgres at DATABASE_URL',
    config.discordOAuth ? 'Discord sign-in' : 'development sign-in',
    { stripe: 'Stripe payments', tebex: 'Tebex payments', demo: 'demo card payments' }[config.paymentGateway],
    // the mail server by its host alone: SMTP_URL holds its password
    config.mail.smtpHost ? `emails through ${config.mail.smtpHost}` : `emails written to ${config.mail.dropDir}`,
  ];
  system.logger.info({ url: running.url, modes }, 'server started');
  if (!options.apiOnly && !existsSync(resolve(uiDir, 'index.html')))
    system.logger.warn('ui/dist is missing: run `npm run build`');
  if (config.production && !config.mail.smtpHost)
    system.logger.warn(
      `SMTP_URL is not set: buyers receive no receipt by email; each one is written to ${config.mail.dropDir} instead`,
    );
  if (cluster.isWorker) process.send?.({ ready: running.url, modes });
  else console.log(`\n  Site ready on ${running.url} (${modes.join(', ')})\n`);

  const shutdown = (signal: string) => {
    system.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.stop().then(
      () => flushLogger(system.logger).then(() => process.exit(0)),
      (error) => {
        system.logger.error({ err: error }, 'shutdown failed');
        void flushLogger(system.logger).then(() => process.exit(1));
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/**
 * What a request allocates dies young, where collecting it costs least. Left to itself, V8 watches the objects made
 * at each place in the code and, where nearly all of them outlive a young collection, makes that place's objects in
 * the old generation from then on. Starting the site (its mapped entities, its caches) makes that call for places a
 * request's own short-lived objects come from as well: measured under load, each young collection then copied
 * megabytes into the old generation, took 4 ms instead of 0.5, and a full collection ran every two seconds (see
 * decision 0090). The place-by-place choice is turned off before the site is built; the young generation's own
 * promotion of what survives two collections still moves long-lived objects.
 */
export function keepRequestGarbageYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

/**
 * WEB_CONCURRENCY worker processes on one port (node:cluster). Unset: every core on a shared Postgres, one process
 * on the embedded database (which serves one process only).
 */
export function workerCount(setting: string | undefined, sharedDatabase: boolean): number {
  if (setting !== undefined && setting.trim() !== '') {
    const count = Number(setting);
    if (!Number.isInteger(count) || count < 1)
      throw new ConfigError(`WEB_CONCURRENCY must be a whole number from 1 (got '${setting}').`);
    if (count > 1 && !sharedDatabase)
      throw new ConfigError(
        'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process only.',
      );
    return count;
  }
  return sharedDatabase ? availableParallelism() : 1;
}

/**
 * The primary process serves nothing itself: it starts the workers (the first sends Discord deliveries, emails and
 * webhooks and runs renewals, the others only serve), replaces one that dies, and stops them all on SIGTERM or SIGINT.
 */
function runPrimary(workers: number): void {
  let stopping = false;
  let ready = 0;
  const start = (index: number) => {
    const worker = cluster.fork({
      WORKER_INDEX: String(index),
      ...(index > 0 ? { DELIVERY_WORKER: 'off' } : {}),
    });
    worker.on('message', (message: { ready?: string; modes?: string[] }) => {
      if (message?.ready && ++ready === workers)
        console.log(`\n  Site ready on ${message.ready} (${workers} workers, ${(message.modes ?? []).join(', ')})\n`);
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`worker ${index} stopped (${signal ?? code}); starting another`);
      start(index);
    });
  };
  for (let index = 0; index < workers; index++) start(index);
  const shutdown = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((worker) => !worker || worker.isDead())) process.exit(0);
    });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** set by the server bundle's build (scripts/build-server.ts): the bundle's entry starts the server itself */
declare const __SERVER_BUNDLE__: boolean | undefined;

if (typeof __SERVER_BUNDLE__ === 'undefined' && import.meta.url === `file://${process.argv[1]}`) {
  main({ apiOnly: process.argv.includes('--api-only') }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
