import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../config-error.ts';
import { type Config, loadConfig } from '../config.ts';
import { composeSystem } from '../compose.ts';
import { flushLogger } from '../logger.ts';
import { startServer } from './server.ts';

/** Entry point of the web server: config, migrations, listen, and a graceful stop on SIGTERM/SIGINT. */
export async function main(options: { apiOnly?: boolean } = {}): Promise<void> {
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
  const system = await composeSystem(config);
  const uiDir = resolve('ui/dist');
  const running = await startServer(system, { uiDir: options.apiOnly ? undefined : uiDir });
  const modes = [
    system.database.isEmbedded ? `embedded database in ${config.database.dataDir}` : 'Postgres at DATABASE_URL',
    config.discordOAuth ? 'Discord sign-in' : 'development sign-in',
    config.stripe ? 'Stripe payments' : 'demo card payments',
  ];
  system.logger.info({ url: running.url, modes }, 'server started');
  if (!options.apiOnly && !existsSync(resolve(uiDir, 'index.html')))
    system.logger.warn('ui/dist is missing: run `npm run build`');
  console.log(`\n  Site ready on ${running.url} (${modes.join(', ')})\n`);

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

if (import.meta.url === `file://${process.argv[1]}`) {
  main({ apiOnly: process.argv.includes('--api-only') }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
