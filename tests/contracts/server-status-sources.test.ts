import { expect, it } from 'vitest';
import { NO_GAME_SERVER, type ServerStatus, type ServerStatusSource } from '../../core/game/model/server-status.ts';
import { FxServerStatus } from '../../adapters/fivem/fxserver-status.ts';
import { createLogger } from '../../adapters/logger.ts';
import { type ContractImplementation, describeContract } from '../support/contract-suite.ts';
import { FakeFxServer } from '../support/fake-fxserver.ts';

/** A status source, and the game server it reads (none for a site without one). */
interface Harness {
  source: ServerStatusSource;
  /** the requests the game server answered so far */
  requests(): number;
  /** the game server answers (again), and the source has checked it since */
  serverUp(): Promise<void>;
  /** the game server stops answering, and the source has checked it since */
  serverDown(): Promise<void>;
}

const implementations: Array<ContractImplementation<Harness>> = [
  {
    name: 'no game server',
    target: 'none',
    inProcess: true,
    open: async () => ({
      source: NO_GAME_SERVER,
      requests: () => 0,
      serverUp: async () => {},
      serverDown: async () => {},
    }),
  },
  {
    name: 'FXServer (stand-in)',
    target: 'fxserver',
    inProcess: false,
    open: async () => {
      const server = await new FakeFxServer().start();
      const source = new FxServerStatus({ url: server.url, pollMs: 60_000, logger: createLogger('silent') });
      let up = true;
      return {
        source,
        requests: () => server.hits,
        serverUp: async () => {
          if (!up) await server.up();
          up = true;
          await source.check();
        },
        serverDown: async () => {
          if (up) await server.down();
          up = false;
          await source.check();
        },
        close: async () => {
          await source.stop();
          await server.stop();
        },
      };
    },
  },
];

/** what every status holds to, whatever the source: the page shows players only for a server that answers */
function expectCoherent(status: ServerStatus): void {
  if (!status.configured) expect(status).toMatchObject({ online: false, players: null, updatedAt: null });
  if (!status.online) expect(status.players).toBeNull();
  else {
    expect(status.players).toBeGreaterThanOrEqual(0);
    if (status.maxPlayers !== null) expect(status.players).toBeLessThanOrEqual(status.maxPlayers);
    expect(status.updatedAt).toBeInstanceOf(Date);
  }
  if (status.uptime !== null) {
    expect(status.uptime).toBeGreaterThanOrEqual(0);
    expect(status.uptime).toBeLessThanOrEqual(1);
  }
}

describeContract("the game server's status", implementations, (h) => {
  it('answers from memory: reading it, however often, asks the game server nothing', async () => {
    await h.serverUp();
    const before = h.requests();
    for (let n = 0; n < 20; n++) h.source.current();
    expect(h.requests()).toBe(before);
  });

  it('shows a server that answers online with its players within its slots, when there is one', async () => {
    await h.serverUp();
    const status = h.source.current();
    expectCoherent(status);
    expect(status.online).toBe(status.configured);
  });

  it('shows a server that stopped answering offline, with no players, and when it was last checked', async () => {
    await h.serverUp();
    await h.serverDown();
    const status = h.source.current();
    expectCoherent(status);
    expect(status.online).toBe(false);
    expect(status.players).toBeNull();
    if (status.configured) expect(status.updatedAt).toBeInstanceOf(Date);
    await h.serverUp();
    expect(h.source.current().online).toBe(status.configured);
  });
});
