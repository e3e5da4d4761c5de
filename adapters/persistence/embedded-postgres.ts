import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** An in-process Postgres (PGlite) that speaks the wire protocol on loopback, so the ordinary driver works. */
export interface EmbeddedPostgres {
  url: string;
  close(): Promise<void>;
}

interface Published {
  url: string;
  pid: number;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`The embedded database in ${dir} is open in another process (pid ${pid}) that does not answer. Stop it, or set DATABASE_URL.`);
  }
}

const MAX_CONNECTIONS = 64;

export async function startEmbeddedPostgres(dataDir: string | 'memory'): Promise<EmbeddedPostgres> {
  if (dataDir === 'memory') return serve(await PGlite.create('memory://'), () => {});
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    const db = await PGlite.create(join(dir, 'pgdata'));
    const embedded = await serve(db, release);
    writeFileSync(publishedPath(dir), JSON.stringify({ url: embedded.url, pid: process.pid } satisfies Published));
    return {
      url: embedded.url,
      close: async () => {
        rmSync(publishedPath(dir), { force: true });
        await embedded.close();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The address of an embedded database another process of this site serves from dataDir, if one answers. */
export async function findRunningEmbedded(dataDir: string): Promise<string | undefined> {
  const dir = resolve(dataDir);
  let published: Published;
  try {
    published = JSON.parse(readFileSync(publishedPath(dir), 'utf8')) as Published;
  } catch {
    return undefined;
  }
  if (!isAlive(published.pid) || !(await answers(published.url))) return undefined;
  return published.url;
}

async function serve(db: PGlite, release: () => void): Promise<EmbeddedPostgres> {
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
  await server.start();
  const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
  return {
    url,
    close: async () => {
      await server.stop();
      await db.close();
      release();
    },
  };
}

function publishedPath(dir: string): string {
  return join(dir, 'embedded-postgres.json');
}

function acquireLock(dir: string): () => void {
  const lockPath = join(dir, 'embedded-postgres.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      rmSync(lockPath, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}
