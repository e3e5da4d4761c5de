import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SITE_APPLICATION_NAME } from './application-name.ts';
import { DataDirLockedError } from './data-dir-locked-error.ts';
import type { Host, HostSettings } from './embedded-postgres-host.ts';
import type { FromThread, ToThread } from './embedded-postgres-thread.ts';

/**
 * An in-process Postgres (PGlite) that speaks the wire protocol on loopback, so the ordinary driver works.
 * The socket asks for a password: generated once per data directory and stored in it (owner-only), or per start
 * for a throw-away 'memory' database; `url` carries it.
 */
export interface EmbeddedPostgres {
  url: string;
  /** a copy of the whole data directory (PGlite's tar), from which a throw-away database can start */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * What a serving process publishes in the data directory for the CLI: the address, never the password, and the
 * identity of the directory it serves (see dirIdentity), so that a copy of the directory is not taken for it.
 */
interface Published {
  url: string;
  pid: number;
  dir?: string;
}

/** The embedded database's password, in the data directory, readable by its owner only. */
export const EMBEDDED_PASSWORD_FILE = 'embedded-postgres.password';
/** 32 random bytes in base64url */
const PASSWORD_LENGTH = 43;

const MAX_CONNECTIONS = 64;

/**
 * A throw-away 'memory' database may start from `template`, a dump (see `dump()`) stored in a file: loading one
 * takes a fraction of the time a fresh database needs to initialise. It runs on the thread that asks for it, as it
 * lives and dies with the tests or the seed that made it. A data directory's database runs on a thread of its own.
 */
export async function startEmbeddedPostgres(
  dataDir: string | 'memory',
  options: { template?: string } = {},
): Promise<EmbeddedPostgres> {
  if (dataDir === 'memory') {
    const { hostPglite } = await import('./embedded-postgres-host.ts');
    const settings = hostSettings('memory://', newPassword(), options.template);
    return served(await hostPglite(settings), settings.password, () => {});
  }
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    const settings = hostSettings(ownerOnlyDir(join(dir, 'pgdata')), storedPassword(dir));
    const embedded = served(await onItsOwnThread(settings), settings.password, release);
    publish(dir, embedded.url);
    return {
      url: embedded.url,
      dump: embedded.dump,
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

/** The database an embedded site uses: the one another process of the site serves from dataDir, or its own. */
export interface EmbeddedDatabase {
  url: string;
  /** absent when another process serves it */
  embedded?: EmbeddedPostgres;
}

/** starts begun before the server's code loaded (see startEmbeddedEarly), by data directory */
const earlyStarts = new Map<string, Promise<EmbeddedDatabase>>();

/**
 * The embedded database for dataDir: the one another process of the site serves there, or one this process starts
 * (on a throw-away 'memory' database, always its own). A start begun early for the same directory is taken over.
 */
export function openEmbedded(dataDir: string, options: { template?: string } = {}): Promise<EmbeddedDatabase> {
  if (dataDir !== 'memory') {
    const early = earlyStarts.get(resolve(dataDir));
    if (early) {
      earlyStarts.delete(resolve(dataDir));
      return early;
    }
  }
  return (async () => {
    const running = dataDir === 'memory' ? undefined : await findRunningEmbedded(dataDir);
    if (running) return { url: running };
    const embedded = await startEmbeddedPostgres(dataDir, options);
    return { url: embedded.url, embedded };
  })();
}

/**
 * Begins opening dataDir's embedded database now, on its own thread, while the server's code is still loading:
 * `npm start` calls it first, and the server's openEmbedded takes it over. A failure waits to be reported there.
 */
export function startEmbeddedEarly(dataDir: string): void {
  const dir = resolve(dataDir);
  if (earlyStarts.has(dir)) return;
  const start = openEmbedded(dir);
  start.catch(() => undefined);
  earlyStarts.set(dir, start);
}

/**
 * The URL (with the password) of an embedded database another process of this site serves from dataDir, if one
 * answers: the address from what that process published, the password from the data directory's password file.
 */
export async function findRunningEmbedded(dataDir: string): Promise<string | undefined> {
  const dir = resolve(dataDir);
  let published: Published;
  try {
    published = JSON.parse(readFileSync(publishedPath(dir), 'utf8')) as Published;
  } catch {
    return undefined;
  }
  const password = readPassword(dir);
  // a copy of the directory carries the original's file: the process it names serves another directory
  if (published.dir !== dirIdentity(dir)) return undefined;
  if (!password || !isAlive(published.pid) || !(await answers(published.url))) return undefined;
  const url = new URL(published.url);
  url.username ||= 'postgres';
  url.password = password;
  return siteUrl(url.toString());
}

const OUTSIDE_CLIENT_REFUSAL =
  'the embedded database serves this site alone (its connections share one session); back it up with: npm run cli -- db backup';

/**
 * Whether a database URL is one the embedded database publishes (siteUrl): the CLI or a test given it as DATABASE_URL
 * reaches the one PGlite backend every connection shares, so it must not treat it as a Postgres server.
 */
export function isEmbeddedUrl(url: string): boolean {
  try {
    return new URL(url).searchParams.get('application_name') === SITE_APPLICATION_NAME;
  } catch {
    return false;
  }
}

/** A URL of the embedded database with the site's application name, which the socket asks of every client. */
function siteUrl(url: string): string {
  const withName = new URL(url);
  withName.searchParams.set('application_name', SITE_APPLICATION_NAME);
  return withName.toString();
}

function hostSettings(pgdata: string, password: string, template?: string): HostSettings {
  return {
    pgdata,
    password,
    template,
    maxConnections: MAX_CONNECTIONS,
    onlyApplication: { name: SITE_APPLICATION_NAME, refusal: OUTSIDE_CLIENT_REFUSAL },
  };
}

function served(host: Host, password: string, release: () => void): EmbeddedPostgres {
  return {
    url: siteUrl(`postgres://postgres:${encodeURIComponent(password)}@${host.address}/postgres`),
    dump: host.dump,
    close: async () => {
      await host.close();
      release();
    },
  };
}

/**
 * Hosts the database on a thread of its own (embedded-postgres-thread.ts). PGlite works out every statement on
 * the thread that holds it: here that is not the site's, whose requests go on meanwhile on the machine's other core,
 * and the start of PGlite goes on while the server's code loads. Should the thread fail once started, the process
 * stops, as it would have with PGlite on its own thread.
 */
function onItsOwnThread(settings: HostSettings): Promise<Host> {
  const worker = threadFor(settings);
  const asked = new Map<number, { done: (bytes?: ArrayBuffer) => void; failed: (error: Error) => void }>();
  let lastAsked = 0;
  let ready = false;
  let closing = false;
  let stopped: Error | undefined;
  const ask = (op: ToThread['op']) =>
    new Promise<ArrayBuffer | undefined>((done, failed) => {
      if (stopped) {
        failed(stopped);
        return;
      }
      lastAsked += 1;
      asked.set(lastAsked, { done, failed });
      worker.postMessage({ id: lastAsked, op } satisfies ToThread);
    });
  const failAsked = (error: Error) => {
    for (const { failed } of asked.values()) failed(error);
    asked.clear();
  };
  return new Promise<Host>((started, failedToStart) => {
    worker.on('message', (message: FromThread) => {
      if ('ready' in message) {
        ready = true;
        started({
          address: message.ready,
          dump: async () => new Blob([(await ask('dump')) ?? new ArrayBuffer(0)]),
          close: async () => {
            closing = true;
            // a thread that has stopped holds no database to close
            await ask('close').catch((error: unknown) => {
              if (!stopped) throw error;
            });
            await worker.terminate();
          },
        });
      } else if ('failed' in message) {
        failedToStart(asError(message.failed));
      } else {
        const waiting = asked.get(message.id);
        asked.delete(message.id);
        if ('error' in message) waiting?.failed(asError(message.error));
        else waiting?.done(message.bytes);
      }
    });
    const lost = (error: Error) => {
      stopped ??= error;
      failAsked(error);
      if (!ready) failedToStart(error);
      else if (!closing)
        process.nextTick(() => {
          throw error;
        });
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
  });
}

/**
 * The thread, from the bundle (its entry beside the bundle's own; this code may sit in a chunk a folder below) or
 * from the sources, compiled as the site's own thread is.
 */
function threadFor(settings: HostSettings): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = JSON.stringify(new URL('./embedded-postgres-thread.ts', here).href);
    const compiler = JSON.stringify(tsxImportApi(here));
    return new Worker(`import(${compiler}).then(({ tsImport }) => tsImport(${entry}, ${entry}))`, {
      eval: true,
      workerData: settings,
    });
  }
  const beside = new URL('./embedded-postgres-thread.mjs', here);
  const entry = existsSync(beside) ? beside : new URL('../embedded-postgres-thread.mjs', here);
  return new Worker(entry, { workerData: settings });
}

/**
 * Where tsx's ES-module API is, read from its package's exports (the module runner that loads the sources in the
 * tests cannot resolve an import from code).
 */
function tsxImportApi(from: string): string {
  const require = createRequire(from);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs', pathToFileURL(manifest)).href;
}

function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : 'The embedded database failed.');
}

function publishedPath(dir: string): string {
  return join(dir, 'embedded-postgres.json');
}

function publish(dir: string, url: string): void {
  const address = new URL(url);
  address.password = '';
  address.search = '';
  const file = publishedPath(dir);
  const published: Published = { url: address.toString(), pid: process.pid, dir: dirIdentity(dir) };
  writeFileSync(file, JSON.stringify(published), {
    mode: 0o600,
  });
  chmodSync(file, 0o600); // one left behind by an earlier version may be wider
}

function newPassword(): string {
  return randomBytes(32).toString('base64url');
}

function readPassword(dir: string): string | undefined {
  try {
    const stored = readFileSync(join(dir, EMBEDDED_PASSWORD_FILE), 'utf8').trim();
    return stored.length >= PASSWORD_LENGTH ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The data directory's password: the one stored there (its file narrowed to the owner if wider), or a new one. */
function storedPassword(dir: string): string {
  const file = join(dir, EMBEDDED_PASSWORD_FILE);
  const stored = readPassword(dir);
  if (stored) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return stored;
  }
  // missing or unusable (say, cut short by a crash): replaced by a file created owner-only from the start
  rmSync(file, { force: true });
  const password = newPassword();
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${password}\n`);
  } finally {
    closeSync(fd);
  }
  return password;
}

/** PGlite's files hold every table, the sessions among them: their folder is the owner's alone, as Postgres wants. */
function ownerOnlyDir(path: string): string {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path, { mode: 0o700 });
  }
  return path;
}

/**
 * The data directory's identity: its device and inode. A copy (cp -r, rsync, a restored archive) is a new
 * directory with a new inode even when it carries every file of the original, the lock and address files among
 * them; the same directory reached by another path, or renamed, keeps it.
 */
function dirIdentity(dir: string): string {
  const { dev, ino } = statSync(dir, { bigint: true });
  return `${dev}:${ino}`;
}

/** The lock file holds the pid and the directory's identity; an older site's holds the pid alone. */
function acquireLock(dir: string): () => void {
  const lockPath = join(dir, 'embedded-postgres.lock');
  const identity = dirIdentity(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid}\n${identity}\n`);
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, lockedDir] = readFileSync(lockPath, 'utf8').split('\n');
      const holder = Number(pid);
      // a lock copied with the directory holds the original's pid: that process serves the original, not this one
      const copied = lockedDir !== undefined && lockedDir.trim() !== '' && lockedDir.trim() !== identity;
      if (holder && holder !== process.pid && isAlive(holder) && !copied) throw new DataDirLockedError(dir, holder);
      rmSync(lockPath, { force: true }); // left behind by a process that died, or copied from another directory
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
