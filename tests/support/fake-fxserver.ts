import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A FiveM server's public HTTP endpoints on loopback (dynamic.json and info.json, shaped as FXServer answers
 * them), which a test can take down (connections refused) and bring back on the same port.
 */
export class FakeFxServer {
  players = 12;
  maxPlayers = 48;
  hostname = '^1Bayou ^7Roleplay | Louisiana';
  /** every request it answered */
  hits = 0;
  private server: Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.hits++;
      const path = (req.url ?? '').split('?')[0];
      const body =
        path === '/dynamic.json'
          ? {
              clients: this.players,
              gametype: 'Roleplay',
              hostname: this.hostname,
              iv: '0',
              mapname: 'Louisiana',
              sv_maxclients: String(this.maxPlayers),
            }
          : path === '/info.json'
            ? {
                enhancedHostSupport: true,
                resources: ['bayou-bridge'],
                server: 'FXServer-master SERVER v1.0.0.12345 linux',
                vars: { sv_maxClients: String(this.maxPlayers), sv_projectName: 'Bayou Roleplay', sv_lan: 'false' },
                version: 123456,
              }
            : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not found' }));
    });
    await new Promise<void>((done) => this.server!.listen(this.port, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** the game server stops: its port refuses connections */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }

  /** it comes back on the same address */
  async up(): Promise<void> {
    await this.start();
  }

  stop(): Promise<void> {
    return this.down();
  }
}
