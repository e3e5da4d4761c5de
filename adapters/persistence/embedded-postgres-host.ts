import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { serveWithPassword } from './embedded-postgres-auth.ts';

/** What a PGlite host is started with: plain data, so that a thread of its own can be handed it. */
export interface HostSettings {
  /** PGlite's data folder, or 'memory://' for a throw-away database */
  pgdata: string;
  /** with 'memory://': a file holding a dump of an embedded database to start from */
  template?: string;
  password: string;
  maxConnections: number;
  onlyApplication: { name: string; refusal: string };
}

/** A PGlite answering the wire protocol on loopback, behind the password front. */
export interface Host {
  /** host:port */
  address: string;
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite's buffer pool. Its default, 128 MB, is set up at every start, and that took 0.45 of the start's 1.05 s on
 * this machine; 32 MB holds a store's working set (sessions, users, the catalogue, the recent purchases) many times
 * over, and a page it does not hold is one read of a file the operating system caches.
 */
const SHARED_BUFFERS = '32MB';

export async function hostPglite(settings: HostSettings): Promise<Host> {
  const loadDataDir = settings.template ? new Blob([readFileSync(settings.template)]) : undefined;
  const db = await PGlite.create(settings.pgdata, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  try {
    const server = await serveWithPassword({
      db,
      password: settings.password,
      host: '127.0.0.1',
      maxConnections: settings.maxConnections,
      onlyApplication: settings.onlyApplication,
    });
    return {
      address: server.address,
      dump: () => db.dumpDataDir('none'),
      close: async () => {
        await server.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
