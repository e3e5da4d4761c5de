import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { serveWithPassword, type AuthenticatingServer } from '../../adapters/persistence/embedded-postgres-auth.ts';
import {
  EMBEDDED_PASSWORD_FILE,
  findRunningEmbedded,
  startEmbeddedEarly,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../adapters/persistence/embedded-postgres.ts';
import { DATA_DIR_TEMPLATE_ENV, pgliteTemplate } from '../support/pglite-template.ts';

const posix = process.platform !== 'win32';

function withPassword(url: string, password: string | undefined): pg.ClientConfig {
  const { hostname, port } = new URL(url);
  return {
    host: hostname,
    port: Number(port),
    user: 'postgres',
    database: 'postgres',
    password,
    connectionTimeoutMillis: 5000,
  };
}

async function queryOnce(config: pg.ClientConfig | string, sql: string): Promise<unknown[]> {
  const client = new pg.Client(typeof config === 'string' ? { connectionString: config } : config);
  try {
    await client.connect();
    return (await client.query(sql)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Sends raw bytes to the socket and collects what comes back until the server closes the connection. */
function exchange(url: string, ...messages: Buffer[]): Promise<Buffer> {
  const { hostname, port } = new URL(url);
  return new Promise((done, failed) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    socket.setTimeout(5000, () => failed(new Error(`no close; got ${Buffer.concat(received).toString('latin1')}`)));
    socket.on('connect', () => {
      for (const message of messages) socket.write(message);
    });
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      socket.setTimeout(0);
      done(Buffer.concat(received));
    });
  });
}

function startupMessage(user: string): Buffer {
  const parameters = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const message = Buffer.alloc(8 + parameters.length);
  message.writeInt32BE(message.length, 0);
  message.writeInt32BE(196_608, 4);
  parameters.copy(message, 8);
  return message;
}

function simpleQuery(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/** The type letters of the backend messages in a reply. */
function messageTypes(reply: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 5 <= reply.length; at += 1 + reply.readInt32BE(at + 1))
    types.push(String.fromCharCode(reply[at]));
  return types;
}

function request(code: number, extra = Buffer.alloc(0)): Buffer {
  const message = Buffer.alloc(8 + extra.length);
  message.writeInt32BE(message.length, 0);
  message.writeInt32BE(code, 4);
  extra.copy(message, 8);
  return message;
}

// the databases below start from the run's migrated template where there is one: these tests are of the password front
// and the data directory's files, not of a new database's initialisation (which takes seconds)
const template = pgliteTemplate();

describe('the throw-away (memory) embedded database', () => {
  let embedded: EmbeddedPostgres;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres('memory', { template });
  });
  afterAll(async () => {
    await embedded?.close();
  });

  it('carries a random password in its URL, new on each start', async () => {
    const password = new URL(embedded.url).password;
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await startEmbeddedPostgres('memory', { template });
    try {
      expect(new URL(other.url).password).not.toBe(password);
      // and one database's password does not open another
      await expect(queryOnce(withPassword(other.url, password), 'select 1')).rejects.toMatchObject({ code: '28P01' });
    } finally {
      await other.close();
    }
  });

  it('serves the right password', async () => {
    expect(await queryOnce(embedded.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
  });

  it('refuses a wrong password with SQLSTATE 28P01', async () => {
    const refused = queryOnce(withPassword(embedded.url, 'not-the-password'), 'select 1');
    await expect(refused).rejects.toMatchObject({
      code: '28P01',
      message: 'password authentication failed for user "postgres"',
    });
    const otherUser = queryOnce({ ...withPassword(embedded.url, 'postgres'), user: 'mallory' }, 'select 1');
    await expect(otherUser).rejects.toMatchObject({
      code: '28P01',
      message: 'password authentication failed for user "mallory"',
    });
  });

  it('refuses a connection without a password', async () => {
    const previous = process.env.PGPASSWORD;
    delete process.env.PGPASSWORD;
    try {
      await expect(queryOnce(withPassword(embedded.url, undefined), 'select 1')).rejects.toThrow(/password/);
      await expect(queryOnce(withPassword(embedded.url, ''), 'select 1')).rejects.toThrow(/password/);
    } finally {
      if (previous !== undefined) process.env.PGPASSWORD = previous;
    }
  });

  it('answers nothing but an authentication error to a client that skips the password', async () => {
    const answer = await exchange(embedded.url, startupMessage('postgres'), simpleQuery('select 1'));
    // the SASL request, then the error: no AuthenticationOk, no row, no ReadyForQuery
    expect(messageTypes(answer)).toEqual(['R', 'E']);
    expect(answer.readInt32BE(5)).toBe(10);
    expect(answer.toString('latin1')).toContain('SCRAM-SHA-256');
    expect(answer.toString('latin1')).toContain('C08P01');
  });

  it('refuses a password sent in the clear, even the right one', async () => {
    const password = Buffer.from(`${new URL(embedded.url).password}\0`);
    const message = Buffer.alloc(5 + password.length);
    message.write('p', 0);
    message.writeInt32BE(4 + password.length, 1);
    password.copy(message, 5);
    const answer = await exchange(embedded.url, startupMessage('postgres'), message, simpleQuery('select 1'));
    expect(messageTypes(answer)).toEqual(['R', 'E']);
    expect(answer.toString('latin1')).toContain('C28P01');
  });

  it('declines TLS, then goes on in the clear', async () => {
    const answer = await exchange(
      embedded.url,
      request(80_877_103),
      startupMessage('postgres'),
      simpleQuery('select 1'),
    );
    expect(answer.subarray(0, 1).toString()).toBe('N');
    expect(messageTypes(answer.subarray(1))).toEqual(['R', 'E']);
  });

  it('closes a cancel request without touching the database', async () => {
    const cancel = request(80_877_102, Buffer.alloc(8));
    expect((await exchange(embedded.url, cancel)).length).toBe(0);
    expect(await queryOnce(embedded.url, 'select 2 as ok')).toEqual([{ ok: 2 }]);
  });

  it('serves many pooled connections at once', async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 10 });
    try {
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => pool.query('select $1::int as n', [i])));
      expect(results.map((result) => result.rows[0].n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      expect(pool.totalCount).toBe(10);
    } finally {
      await pool.end();
    }
  });

  it('keeps a transaction on its own connection', async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
    try {
      await pool.query('create table if not exists counters (id int primary key, n int not null)');
      await pool.query('insert into counters values (1, 0) on conflict (id) do update set n = 0');
      const inTransaction = await pool.connect();
      await inTransaction.query('begin');
      await inTransaction.query('update counters set n = 5 where id = 1');
      await inTransaction.query('rollback');
      inTransaction.release();
      expect((await pool.query('select n from counters where id = 1')).rows).toEqual([{ n: 0 }]);
    } finally {
      await pool.end();
    }
  });
});

describe('the password front', () => {
  let db: PGlite;
  let front: AuthenticatingServer;
  beforeAll(async () => {
    db = await PGlite.create('memory://', template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    // long enough for a client that knows the password on a busy machine (300 ms was not, in one CI run), shorter
    // than the 2 s the trickling client below takes to send its 41-byte startup message
    front = await serveWithPassword({ db, password: 'x'.repeat(43), maxConnections: 4, handshakeTimeoutMs: 1_500 });
  });
  afterAll(async () => {
    await front?.close();
    await db?.close();
  });

  it('drops a client that does not finish authenticating in time, however slowly it trickles', async () => {
    const started = Date.now();
    const url = `postgres://${front.address}`;
    const startup = startupMessage('postgres');
    const { hostname, port } = new URL(url);
    const closed = await new Promise<boolean>((done) => {
      const socket = connect({ host: hostname, port: Number(port) });
      let sent = 0;
      const trickle = setInterval(() => {
        if (sent < startup.length) socket.write(startup.subarray(sent, ++sent));
      }, 50);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(trickle);
        done(true);
      });
      setTimeout(() => {
        clearInterval(trickle);
        socket.destroy();
        done(false);
      }, 5000);
    });
    expect(closed).toBe(true);
    // a deadline that each trickled byte pushed back would close it only after 2 s + 1.5 s
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('still serves a client that knows the password', async () => {
    expect(
      await queryOnce(`postgres://postgres:${'x'.repeat(43)}@${front.address}/postgres`, 'select 3 as ok'),
    ).toEqual([{ ok: 3 }]);
  });
});

describe.skipIf(!posix)('an embedded database in a data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-postgres-'));
  // the database itself from the run's migrated data directory; the password file is the site's to make
  const dataDirTemplate = process.env[DATA_DIR_TEMPLATE_ENV];
  if (dataDirTemplate) cpSync(join(dataDirTemplate, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const passwordFile = join(dataDir, EMBEDDED_PASSWORD_FILE);
  const modeOf = (path: string) => statSync(path).mode & 0o777;
  let first: EmbeddedPostgres | undefined;

  afterAll(async () => {
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its password in an owner-only file and publishes its address without it', async () => {
    first = await startEmbeddedPostgres(dataDir);
    expect(existsSync(passwordFile)).toBe(true);
    expect(modeOf(passwordFile)).toBe(0o600);
    const password = readFileSync(passwordFile, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(first.url).password).toBe(password);
    expect(modeOf(join(dataDir, 'pgdata')) & 0o077).toBe(0);

    const published = join(dataDir, 'embedded-postgres.json');
    expect(modeOf(published)).toBe(0o600);
    const text = readFileSync(published, 'utf8');
    expect(text).not.toContain(password);
    await expect(
      queryOnce(withPassword((JSON.parse(text) as { url: string }).url, undefined), 'select 1'),
    ).rejects.toThrow(/password/);
    await expect(queryOnce(withPassword(first.url, 'postgres'), 'select 1')).rejects.toMatchObject({ code: '28P01' });

    await queryOnce(first.url, `create table kept (note text); insert into kept values ('still here')`);
  });

  it('lets another process in through the published address and the password file', async () => {
    expect(await findRunningEmbedded(dataDir)).toBe(first!.url);

    // the CLI's way in, from this process ...
    const cli = await Database.open({ dataDir });
    try {
      expect(cli.isEmbedded).toBe(false);
      expect(await cli.query('select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await cli.close();
    }

    // ... and from a separate one, which knows only the data directory
    const script = `
      const { Database } = await import('./adapters/persistence/database.ts');
      const db = await Database.open({ dataDir: process.env.PROBE_DATA_DIR });
      const rows = await db.query('select note from kept');
      console.log(JSON.stringify({ embedded: db.isEmbedded, rows }));
      await db.close();
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: join(import.meta.dirname, '../..'),
        env: { ...process.env, PROBE_DATA_DIR: dataDir },
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ embedded: false, rows: [{ note: 'still here' }] });
  }, 90_000);

  it('reuses the password on the next start, narrowing a file left too wide', async () => {
    const password = readFileSync(passwordFile, 'utf8').trim();
    await first!.close();
    first = undefined;
    expect(await findRunningEmbedded(dataDir)).toBeUndefined();

    chmodSync(passwordFile, 0o644);
    first = await startEmbeddedPostgres(dataDir);
    expect(modeOf(passwordFile)).toBe(0o600);
    expect(readFileSync(passwordFile, 'utf8').trim()).toBe(password);
    expect(new URL(first.url).password).toBe(password);
    expect(await queryOnce(first.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
  });
});

describe.skipIf(!posix)("a data directory's database on a thread of its own", () => {
  const dirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-thread-'));
    dirs.push(dir);
    const dataDirTemplate = process.env[DATA_DIR_TEMPLATE_ENV];
    if (dataDirTemplate) cpSync(join(dataDirTemplate, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
    return dir;
  };

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the caller's thread free while a statement runs", async () => {
    const embedded = await startEmbeddedPostgres(newDataDir());
    try {
      // the longest the caller's event loop went without a turn while the statement ran
      let longestGap = 0;
      let last = performance.now();
      const ticks = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const began = performance.now();
      await queryOnce(embedded.url, 'select count(*) from generate_series(1, 3000000)');
      const took = performance.now() - began;
      clearInterval(ticks);
      // a PGlite on this thread would hold it for the whole statement
      expect(took).toBeGreaterThan(300);
      expect(longestGap).toBeLessThan(took / 3);
    } finally {
      await embedded.close();
    }
  }, 60_000);

  it('hands its dump across, and a throw-away database starts from it', async () => {
    const embedded = await startEmbeddedPostgres(newDataDir());
    const dumpFile = join(dirs[0] as string, 'dump.tar');
    try {
      await queryOnce(embedded.url, `create table carried (note text); insert into carried values ('across')`);
      const dump = await embedded.dump();
      writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await embedded.close();
    }
    const copy = await startEmbeddedPostgres('memory', { template: dumpFile });
    try {
      expect(await queryOnce(copy.url, 'select note from carried')).toEqual([{ note: 'across' }]);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('reports a start that fails, and leaves the directory unlocked for the next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-thread-'));
    dirs.push(dir);
    // a file where PGlite's folder should be
    writeFileSync(join(dir, 'pgdata'), 'not a database');
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow();
    expect(existsSync(join(dir, 'embedded-postgres.lock'))).toBe(false);
    expect(existsSync(join(dir, 'embedded-postgres.json'))).toBe(false);
  }, 60_000);

  it('is taken over by the server when npm start began it before the server loaded', async () => {
    const dir = newDataDir();
    startEmbeddedEarly(dir);
    const database = await Database.open({ dataDir: dir });
    try {
      // its own database, begun early, not taken for another process's
      expect(database.isEmbedded).toBe(true);
      expect(await database.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    } finally {
      await database.close();
    }
    expect(await findRunningEmbedded(dir)).toBeUndefined();
  }, 60_000);
});
