import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { System } from '../compose.ts';
import { createHttpApp } from './app.ts';

export interface RunningServer {
  url: string;
  server: Server;
  /** stops accepting connections, lets in-flight requests finish, then closes the system (the database pool) */
  stop(): Promise<void>;
}

/** In-flight requests get this long to finish once a stop begins; then their connections are cut. */
export const DRAIN_TIMEOUT_MS = 8_000;

export async function startServer(
  system: System,
  options: { uiDir?: string; port?: number; host?: string } = {},
): Promise<RunningServer> {
  let draining = false;
  // every request goes through the app: what is cached in memory is answered by middleware inside it (see app.ts);
  // once stopping, no answer keeps its connection open for another request (the app's first middleware says so)
  const app = createHttpApp(system, { uiDir: options.uiDir, stopping: () => draining });
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  const port = options.port ?? system.config.server.port;
  const host = options.host ?? system.config.server.host;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  if (system.config.discordDelivery.worker) {
    system.deliveryWorker.start();
    system.mailWorker.start();
    system.webhookWorker.start();
    system.renewalScheduler.start();
    system.backupScheduler?.start();

    system.reconcileScheduler.start();
    system.interviewReminders.start();
  }
  // every process answers /api/server-status from its own reading
  system.gameStatus?.start();
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  let stopping: Promise<void> | undefined;
  const drain = () =>
    new Promise<void>((done) => {
      draining = true;
      const cut = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      // the listening socket closes at once; the callback runs when the last connection has ended
      server.close(() => {
        clearTimeout(cut);
        done();
      });
      server.closeIdleConnections();
    });
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    stop: () => {
      stopping ??= drain().then(() => system.close());
      return stopping;
    },
  };
}
