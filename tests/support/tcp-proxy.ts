import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy a test controls: cut() drops every connection and refuses new ones, restore() listens again. */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  /** bytes the clients have sent on to the database so far: a test waits for its requests to reach it */
  bytesToTarget = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<this> {
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('data', (chunk: Buffer) => (this.bytesToTarget += chunk.length));
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(this.port, '127.0.0.1', () => done());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** The database is gone: open connections die mid-stream and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((done) => server.close(() => done()));
  }

  /** The database is back, on the same address. */
  async restore(): Promise<void> {
    await this.start();
  }
}
