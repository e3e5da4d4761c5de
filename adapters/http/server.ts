import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { System } from '../compose.ts';
import { createHttpApp } from './app.ts';

export interface RunningServer {
  url: string;
  server: Server;
  /** stops accepting connections, lets in-flight requests finish, then closes the system */
  stop(): Promise<void>;
}

export async function startServer(system: System, options: { uiDir?: string; port?: number; host?: string } = {}): Promise<RunningServer> {
  const app = createHttpApp({ core: system.core, config: system.config, logger: system.logger, database: system.database, uiDir: options.uiDir });
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  const port = options.port ?? system.config.PORT;
  const host = options.host ?? system.config.HOST;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  system.deliveryWorker.start();
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    stop: () => {
      stopping ??= new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
      }).then(() => system.close());
      return stopping;
    },
  };
}
