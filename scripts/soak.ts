import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { Database } from '../adapters/persistence/database.ts';
import { verifyDatabase } from '../adapters/persistence/database-verify.ts';
import { whitelistAnswers } from '../tests/support/application-builders.ts';
import { WITHDRAWAL_CONSENT } from '../core/purchases/model/withdrawal-consent.ts';

/**
 * `npm run soak`: the store as production runs it (the production build, WEB_CONCURRENCY=2) on a Postgres cluster
 * of its own (Debian's initdb, a free port, a folder in /tmp), under 30 simulated players for SOAK_MINUTES (5):
 * signing in, browsing, buying with the demo card, holding and upgrading memberships, applying; a staff member
 * reviewing, an admin adjusting tokens (after checking their second factor), a game server spending them, renewals
 * run every 2 minutes. Two worker kills and one 20-second database stop late in the run. Prints requests, errors
 * by status and phase, p50/p99 per phase, each worker's memory over time, recovery times, what Postgres logged,
 * whether every write answered 2xx is stored, and db verify. SOAK_APP_DIR runs another checkout's build (its own server and CLI) under the same load.
 */

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const TOTAL_MS = MINUTES * 60_000;
const PLAYERS = 30;
const APP_DIR = resolve(process.env.SOAK_APP_DIR ?? '.');
const PG_BIN = process.env.SOAK_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const GAME_KEY = randomBytes(24).toString('hex');
const WARM_UP_MS = Math.min(3 * 60_000, TOTAL_MS * 0.5);
/** the faults, as shares of the run: two kills of the first worker (renewals, reconciliation), then the database */
const FAULTS = { kill1: 0.62, kill2: 0.72, databaseStop: 0.8 };
const DATABASE_STOP_MS = 20_000;
/** after a fault, requests in this window count to the fault's phase */
const SETTLE_MS = 10_000;
const RENEWALS_EVERY_MS = 120_000;

type Phase = 'normal' | 'worker kill' | 'database stop' | 'recovered';
interface Sample {
  at: number;
  phase: Phase;
  route: string;
  status: number;
  ms: number;
  /** a body that failed to decompress or parse */
  corrupt?: string;
  /** why no answer came (network errors), or the error body's code */
  error?: string;
}

/** the load's start: the build, the cluster and the server's start come before it */
let started = Date.now();
const elapsed = () => Date.now() - started;
const samples: Sample[] = [];
const faults: Array<{ kind: string; at: number; until: number }> = [];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

function phaseAt(at: number): Phase {
  const within = faults.filter((fault) => at >= fault.at && at < fault.until + SETTLE_MS);
  if (within.some((fault) => fault.kind === 'database stop')) return 'database stop';
  if (within.length > 0) return 'worker kill';
  return faults.length === 0 ? 'normal' : 'recovered';
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

// ---- the private Postgres cluster ----
const root = mkdtempSync(join(tmpdir(), 'soak-'));
const pgData = join(root, 'data');
const pgLog = join(root, 'postgres.log');
const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args], { stdio: 'pipe' });

async function startCluster(port: number): Promise<void> {
  asPostgres('pg_ctl', [
    '-D',
    pgData,
    '-l',
    pgLog,
    '-w',
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=80 -c log_lock_waits=on -c deadlock_timeout=1s`,
    'start',
  ]);
}
const stopCluster = () => asPostgres('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']);

// ---- HTTP, every body decompressed and parsed ----
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let baseUrl = '';

/** `T`: the body the caller expects; the server's word for it, not checked. Undefined when it could not be read. */
interface Answer<T = unknown> {
  status: number;
  body: T | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request. A connection the client reused just as the server closed it (idle past its keep-alive) is reset
 * before any answer: that request is sent again on a new connection, as browsers do, and counted apart.
 */
let resent = 0;
async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  for (let attempt = 0; ; attempt++) {
    const answer = await once(method, path, options, attempt > 0);
    if (answer.status !== -2) return answer as Answer<T>;
    resent++;
  }
}

interface CallOptions {
  cookie?: string;
  body?: unknown;
  key?: string;
  /** how long to wait for an answer before counting the request as timed out (30 s unless given) */
  timeoutMs?: number;
}

function once(method: string, path: string, options: CallOptions, fresh: boolean) {
  const at = elapsed();
  const begun = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const route = `${method} ${path.replace(/\/[0-9a-f-]{36}|\/\d{17,20}/g, '/:id').replace(/\?.*/, '')}`;
  return new Promise<Answer>((done) => {
    const sample: Sample = { at, phase: phaseAt(at), route, status: 0, ms: 0 };
    const finish = (answer: Answer) => {
      // a request in flight when a fault began belongs to the fault
      const ended = phaseAt(elapsed());
      if (sample.phase === 'normal' || sample.phase === 'recovered')
        sample.phase = ended === 'normal' ? sample.phase : ended;
      sample.status = answer.status;
      sample.ms = performance.now() - begun;
      samples.push(sample);
      done(answer);
    };
    const req = request(
      `${baseUrl}${path}`,
      {
        method,
        agent: fresh ? false : agent,
        timeout: options.timeoutMs ?? 30_000,
        headers: {
          'accept-encoding': 'gzip',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('error', () => finish({ status: -1, body: undefined, headers: {} }));
        res.on('end', () => {
          let body: unknown;
          try {
            let bytes = Buffer.concat(parts);
            if (res.headers['content-encoding'] === 'gzip') bytes = gunzipSync(bytes);
            const text = bytes.toString('utf8');
            body = /json/.test(String(res.headers['content-type'])) && text ? JSON.parse(text) : text;
          } catch (error) {
            sample.corrupt = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          }
          if ((res.statusCode ?? 0) >= 500) sample.error = (body as { code?: string } | undefined)?.code;
          finish({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET' && !fresh)
        return done({ status: -2, body: undefined, headers: {} });
      sample.error = error.code ?? error.message;
      finish({ status: -1, body: undefined, headers: {} });
    });
    req.end(payload);
  });
}

// ---- what was answered 2xx, to find in the database at the end ----
const written = { purchases: new Set<string>(), applications: new Set<string>(), gameReferences: new Set<string>() };
const stillRunning = () => elapsed() < TOTAL_MS;

interface Player {
  index: number;
  discordId: string;
  userId: string;
  cookie: string;
}

async function signIn(index: number): Promise<Player> {
  const discordId = String(300_000_000_000_000_000n + BigInt(index));
  for (;;) {
    const answer = await call('POST', '/api/auth/dev-login', { body: { username: `soak${index}`, discordId } });
    const cookie = [answer.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => line.split(';')[0])
      .join('; ');
    if (answer.status === 200 && cookie) return { index, discordId, userId: '', cookie };
    await sleep(500);
  }
}

async function buy(player: Player, productType: string, productId: string) {
  const startedCheckout = await call<{ clientSecret: string; paymentIntentId: string }>(
    'POST',
    '/api/create-payment-intent',
    {
      cookie: player.cookie,
      body: { productType, productId, withdrawalConsent: WITHDRAWAL_CONSENT.version, ageDeclaration: 'adult' },
    },
  );
  if (startedCheckout.status !== 200) return;
  const paid = await call('POST', '/api/payments/demo/confirm', {
    cookie: player.cookie,
    body: { clientSecret: startedCheckout.body?.clientSecret, cardNumber: '4242424242424242' },
  });
  if (paid.status !== 200) return;
  const completed = await call<{ status: string; purchaseId: string }>('POST', '/api/complete-purchase', {
    cookie: player.cookie,
    body: { paymentIntentId: startedCheckout.body?.paymentIntentId },
  });
  if (completed.status === 200 && completed.body?.status === 'completed')
    written.purchases.add(completed.body.purchaseId);
}

/** items without options, bought again and again */
const ONE_TIME: ReadonlyArray<[string, string]> = [
  ['gang', 'starter-gang'],
  ['addon', 'swamp-vehicles'],
  ['addon', 'business-package'],
];

const BROWSE = [
  '/api/catalogue',
  '/api/purchases/recent',
  '/api/auth/user',
  '/api/user/tokens',
  '/api/user/tokens/history',
  '/api/user/purchases',
  '/api/membership',
  '/api/applications/mine',
  '/api/server-status',
];

async function playerLoop(player: Player) {
  // a third hold a Priority Pass; everyone applies once
  if (player.index % 3 === 0) await buy(player, 'whitelist', 'bayou-basic');
  const applied = await call<{ id: string }>('POST', '/api/applications', {
    cookie: player.cookie,
    body: whitelistAnswers(),
  });
  if ((applied.status === 201 || applied.status === 200) && applied.body) written.applications.add(applied.body.id);
  let upgraded = false;
  while (stillRunning()) {
    await sleep(150 + Math.random() * 650);
    const roll = Math.random();
    if (roll < 0.7) await call('GET', pick(BROWSE), { cookie: player.cookie });
    else if (roll < 0.9) await buy(player, ...pick(ONE_TIME));
    else if (player.index % 3 === 0 && !upgraded && elapsed() > TOTAL_MS * 0.3) {
      upgraded = true;
      await call('POST', '/api/membership/change-tier', { cookie: player.cookie, body: { tierId: 'parish-life' } });
    } else await call('GET', '/api/user/purchases', { cookie: player.cookie });
  }
}

async function staffLoop(staff: Player) {
  while (stillRunning()) {
    await sleep(1500);
    const list = await call<{ items?: Array<{ id: string }> }>('GET', '/api/applications?status=pending', {
      cookie: staff.cookie,
    });
    const first = list.body?.items?.[0];
    if (first)
      await call('PATCH', `/api/applications/${first.id}/review`, {
        cookie: staff.cookie,
        body: { status: 'approved', reviewNotes: 'Careful answers; welcome to the parish.' },
      });
  }
}

/** a second factor's check lasts ten minutes: the admin checks again a little before */
const RECHECK_MS = 8 * 60_000;

/**
 * The admin sets up an authenticator app, as STAFF_2FA's default asks of whoever adjusts tokens, and gets back a
 * check to run again before the last one is ten minutes old. Each code is of a time step not used before (a used
 * one is refused).
 */
async function secondFactor(admin: Player): Promise<() => Promise<void>> {
  const setup = await call<{ secret: string }>('POST', '/api/security/authenticator-app', { cookie: admin.cookie });
  // a build from before second factors (SOAK_APP_DIR) has no such route and asks for none
  if (setup.status === 404) return async () => {};
  if (setup.status !== 200 || !setup.body) throw new Error(`the admin's authenticator setup answered ${setup.status}`);
  const app = new TOTP({ secret: setup.body.secret });
  let lastStep = -1;
  const code = async () => {
    while (Math.floor(Date.now() / 30_000) <= lastStep) await sleep(1000);
    lastStep = Math.floor(Date.now() / 30_000);
    return app.generate({ timestamp: lastStep * 30_000 });
  };
  const send = async (path: string) => {
    const answer = await call('POST', path, { cookie: admin.cookie, body: { code: await code() } });
    if (answer.status !== 200) throw new Error(`the admin's second factor (${path}) answered ${answer.status}`);
  };
  await send('/api/security/authenticator-app/confirm');
  return () => send('/api/security/check/code');
}

async function adminLoop(admin: Player, players: Player[]) {
  const check = await secondFactor(admin);
  let checkedAt = Date.now();
  while (stillRunning()) {
    await sleep(2000);
    if (Date.now() - checkedAt > RECHECK_MS) {
      await check();
      checkedAt = Date.now();
    }
    await call('GET', '/api/purchases', { cookie: admin.cookie });
    await call('GET', '/api/memberships/summary', { cookie: admin.cookie });
    const target = pick(players);
    await call('POST', `/api/players/${target.userId}/tokens`, {
      cookie: admin.cookie,
      body: { direction: 'credit', amount: 5, reason: 'Soak: event prize' },
    });
  }
}

async function gameLoop(players: Player[]) {
  while (stillRunning()) {
    await sleep(400);
    const player = pick(players);
    await call('GET', `/api/game/players/${player.discordId}`, { key: GAME_KEY });
    const reference = `soak-${randomUUID()}`;
    const spent = await call('POST', `/api/game/players/${player.discordId}/tokens`, {
      key: GAME_KEY,
      body: { amount: -1, reference, reason: 'Soak: car wash' },
    });
    if (spent.status === 200 || spent.status === 201) written.gameReferences.add(reference);
  }
}

// ---- the server: its workers, their memory, the faults ----
let server: ChildProcess | undefined;
const rss: Array<{ at: number; workers: Record<string, number> }> = [];

function workers(): Array<{ pid: number; index: string }> {
  if (!server?.pid) return [];
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((pid) => {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const index = environ.find((line) => line.startsWith('WORKER_INDEX='))?.slice('WORKER_INDEX='.length);
      return index === undefined ? [] : [{ pid, index }];
    } catch {
      return [];
    }
  });
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

async function sampleMemory() {
  while (stillRunning()) {
    const sample: Record<string, number> = {};
    for (const worker of workers())
      try {
        sample[`${worker.index}:${worker.pid}`] = rssMb(worker.pid);
      } catch {}
    rss.push({ at: elapsed(), workers: sample });
    await sleep(5_000);
  }
}

const recoveries: Array<{ fault: string; siteMs: number; replacedMs?: number }> = [];

/**
 * from `since`, how long until a signed-in read that needs the database answers 200: each try waits at most a second,
 * as a player's retry would, so one request lost with a killed worker does not stand for the whole site
 */
async function recovery(probe: Player, since: number): Promise<number> {
  for (;;) {
    const answer = await call('GET', '/api/user/tokens', { cookie: probe.cookie, timeoutMs: 1_000 });
    if (answer.status === 200) return elapsed() - since;
    await sleep(50);
  }
}

async function killWorker(probe: Player) {
  const victim = workers().find((worker) => worker.index === '0');
  if (!victim) return;
  const at = elapsed();
  process.kill(victim.pid, 'SIGKILL');
  faults.push({ kind: 'worker kill', at, until: at });
  const replaced = (async () => {
    while (elapsed() - at < 30_000) {
      if (workers().some((worker) => worker.index === '0' && worker.pid !== victim.pid)) return elapsed() - at;
      await sleep(20);
    }
    return undefined;
  })();
  const [siteMs, replacedMs] = await Promise.all([recovery(probe, at), replaced]);
  recoveries.push({ fault: `worker 0 killed at ${Math.round(at / 1000)} s`, siteMs, replacedMs });
}

async function stopDatabase(probe: Player, port: number) {
  const at = elapsed();
  const fault = { kind: 'database stop', at, until: at + DATABASE_STOP_MS };
  faults.push(fault);
  stopCluster();
  await sleep(DATABASE_STOP_MS - (elapsed() - at));
  await startCluster(port);
  const back = elapsed();
  fault.until = back;
  const siteMs = await recovery(probe, back);
  let healthMs = 0;
  while ((await call('GET', '/api/health')).status !== 200) await sleep(50);
  healthMs = elapsed() - back;
  recoveries.push({
    fault: `database stopped ${Math.round(at / 1000)}-${Math.round(back / 1000)} s`,
    siteMs,
    replacedMs: healthMs,
  });
}

/** the latest moment renew-due was run for: memberships still ending before it are behind */
let renewedUpTo: Date | null = null;

async function renewals(port: number, runs: string[]) {
  let month = 0;
  while (stillRunning()) {
    await sleep(RENEWALS_EVERY_MS);
    if (!stillRunning()) return;
    month++;
    const moment = new Date(Date.now() + month * 32 * 86_400_000);
    renewedUpTo = moment;
    const now = moment.toISOString();
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'subscriptions', 'renew-due', '--now', now], {
      cwd: APP_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl(port), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (part) => (output += part));
    child.stderr?.on('data', (part) => (output += part));
    const code = await new Promise<number>((done) => child.on('exit', (exit) => done(exit ?? 1)));
    runs.push(
      `at ${Math.round(elapsed() / 1000)} s, --now ${now.slice(0, 10)}: exit ${code}: ${output.trim().split('\n').join(' | ')}`,
    );
  }
}

const databaseUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/soak`;

// ---- the report ----
function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

async function main() {
  const port = await freePort();
  chownSync(
    root,
    Number(execFileSync('id', ['-u', 'postgres']).toString()),
    Number(execFileSync('id', ['-g', 'postgres']).toString()),
  );
  asPostgres('initdb', ['-D', pgData, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  await startCluster(port);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database soak');
  await admin.end();

  if (process.env.SOAK_SKIP_BUILD !== '1') {
    console.log(`building ${APP_DIR} (npm run build)...`);
    execFileSync('npm', ['run', 'build'], { cwd: APP_DIR, stdio: 'ignore' });
  }
  const httpPort = await freePort();
  baseUrl = `http://127.0.0.1:${httpPort}`;
  const logFile = openSync(join(root, 'server.log'), 'a');
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl(port),
      WEB_CONCURRENCY: '2',
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'app-data'),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      GAME_API_KEY: GAME_KEY,
      RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_GAME_PER_MINUTE: '100000',
    },
    stdio: ['ignore', logFile, logFile],
  });
  for (let tries = 0; (await call('GET', '/api/health').catch(() => ({ status: 0 }))).status !== 200; tries++) {
    if (tries > 600) throw new Error(`the server did not start: see ${join(root, 'server.log')}`);
    await sleep(200);
  }
  samples.length = 0;
  started = Date.now();
  console.log(`soak: ${MINUTES} min, ${PLAYERS} players, server ${baseUrl}, Postgres on ${port}, files in ${root}`);

  const players = await Promise.all(Array.from({ length: PLAYERS }, (_, index) => signIn(index)));
  const staff = await signIn(100);
  const adminPlayer = await signIn(101);
  const probe = await signIn(102);
  const sql = new pg.Client({ connectionString: databaseUrl(port) });
  await sql.connect();
  for (const player of [...players, staff, adminPlayer, probe])
    player.userId = (await sql.query(`select id from users where discord_id = $1`, [player.discordId])).rows[0].id;
  await sql.query(`update users set role = 'staff' where id = $1`, [staff.userId]);
  await sql.query(`update users set role = 'admin' where id = $1`, [adminPlayer.userId]);
  await sql.end();

  const renewalRuns: string[] = [];
  const at = (share: number) => sleep(Math.max(0, TOTAL_MS * share - elapsed()));
  await Promise.all([
    ...players.map(playerLoop),
    staffLoop(staff),
    adminLoop(adminPlayer, players),
    gameLoop(players),
    sampleMemory(),
    renewals(port, renewalRuns),
    (async () => {
      await at(FAULTS.kill1);
      await killWorker(probe);
      await at(FAULTS.kill2);
      await killWorker(probe);
      await at(FAULTS.databaseStop);
      await stopDatabase(probe, port);
    })(),
  ]);
  // let the last writes and the scheduler's passes settle, then look at what is stored
  await sleep(2000);
  report(renewalRuns, await afterwards(port));
}

async function afterwards(port: number) {
  const sql = new pg.Client({ connectionString: databaseUrl(port) });
  await sql.connect();
  const missing = async (table: string, column: string, ids: Set<string>, extra = '') => {
    if (ids.size === 0) return 0;
    const { rows } = await sql.query(`select count(*)::int as n from "${table}" where "${column}" = any($1) ${extra}`, [
      [...ids],
    ]);
    return ids.size - rows[0].n;
  };
  const lost = {
    purchases: await missing(
      'purchases',
      'id',
      written.purchases,
      `and status in ('completed', 'refunded', 'disputed')`,
    ),
    applications: await missing('whitelist_applications', 'id', written.applications),
    gameSpends: 0,
  };
  if (written.gameReferences.size > 0) {
    const { rows } = await sql.query(`select count(*)::int as n from token_ledger where reference like any($1)`, [
      [...written.gameReferences].map((reference) => `%${reference}`),
    ]);
    lost.gameSpends = written.gameReferences.size - rows[0].n;
  }
  const { rows: pendingPaid } = await sql.query(
    `select count(*)::int as n from purchases p join demo_payment_intents i on i.id = p.payment_intent_id
     where p.status = 'pending' and i.status = 'succeeded' and p.created_at < now() - interval '2 minutes'`,
  );
  const { rows: behind } = await sql.query(
    `select count(*)::int as n from memberships where status = 'active' and current_period_end <= $1`,
    [renewedUpTo ?? new Date()],
  );
  await sql.end();
  const database = await Database.open({ url: databaseUrl(port), dataDir: 'memory' });
  const verify = await database.withContext(() => verifyDatabase(database));
  await database.close();
  const log = existsSync(pgLog) ? readFileSync(pgLog, 'utf8') : '';
  return {
    lost,
    paidButPending: pendingPaid[0].n as number,
    membershipsBehind: behind[0].n as number,
    verify,
    postgres: {
      deadlocks: (log.match(/deadlock detected/g) ?? []).length,
      statementTimeouts: (log.match(/canceling statement due to statement timeout/g) ?? []).length,
      lockTimeouts: (log.match(/canceling statement due to lock timeout/g) ?? []).length,
      lockWaitsOver1s: (log.match(/still waiting for/g) ?? []).length,
    },
  };
}

function report(renewalRuns: string[], after: Awaited<ReturnType<typeof afterwards>>) {
  const lines: string[] = [];
  const out = (line = '') => lines.push(line);
  const phases: Phase[] = ['normal', 'worker kill', 'database stop', 'recovered'];
  const unexpected = (sample: Sample) =>
    sample.corrupt !== undefined ||
    ((sample.phase === 'normal' || sample.phase === 'recovered') && (sample.status >= 500 || sample.status <= 0));
  out(
    `Soak of ${MINUTES} min (${APP_DIR}), ${PLAYERS} players, WEB_CONCURRENCY=2, a private Postgres 15: ${samples.length} requests (${resent} sent again on a new connection after a reused one was reset before any answer)`,
  );
  out();
  out('| phase | requests | p50 ms | p99 ms | by status | unexpected | bodies that failed to decode |');
  out('| --- | --- | --- | --- | --- | --- | --- |');
  for (const phase of phases) {
    const of = samples.filter((sample) => sample.phase === phase);
    if (of.length === 0) continue;
    const statuses = new Map<number, number>();
    for (const sample of of) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
    const byStatus = [...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status <= 0 ? 'network' : status}: ${n}`);
    out(
      `| ${phase} | ${of.length} | ${percentile(
        of.map((s) => s.ms),
        0.5,
      ).toFixed(0)} | ${percentile(
        of.map((s) => s.ms),
        0.99,
      ).toFixed(
        0,
      )} | ${byStatus.join(', ')} | ${of.filter(unexpected).length} | ${of.filter((s) => s.corrupt).length} |`,
    );
  }
  const tally = (of: Sample[]) => {
    const counts = new Map<string, number>();
    for (const sample of of) {
      const status = `${sample.status <= 0 ? 'network' : sample.status}${sample.error ? ` ${sample.error}` : ''}`;
      const key = `${sample.phase}: ${status}${sample.corrupt ? ` ${sample.corrupt}` : ''} ${sample.route}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25);
  };
  out();
  out('Errors (5xx, network, undecodable) by phase, status and route:');
  for (const [what, n] of tally(samples.filter((s) => s.status >= 500 || s.status <= 0 || s.corrupt)))
    out(`- ${what}: ${n}`);
  out();
  out('Refusals (4xx) by phase, status and route:');
  for (const [what, n] of tally(samples.filter((s) => s.status >= 400 && s.status < 500))) out(`- ${what}: ${n}`);
  out();
  out('Memory (RSS MB) per worker (index:pid) every 30 s:');
  for (const sample of rss.filter((_, i) => i % 6 === 0))
    out(
      `- ${Math.round(sample.at / 1000)} s: ${Object.entries(sample.workers)
        .map(([worker, mb]) => `${worker} ${mb}`)
        .join(', ')}`,
    );
  const survivor = Object.keys(rss.at(-1)?.workers ?? {}).find((worker) => worker.startsWith('1:'));
  // the median of a minute's samples on each side: one sample swings by a quarter with the collector
  const rssOf = (from: number, to: number) =>
    survivor === undefined
      ? 0
      : percentile(
          rss
            .filter((sample) => sample.at >= from && sample.at < to && sample.workers[survivor] !== undefined)
            .map((sample) => sample.workers[survivor]),
          0.5,
        );
  const lastAt = rss.at(-1)?.at ?? 0;
  const early = rssOf(WARM_UP_MS, WARM_UP_MS + 60_000);
  const late = rssOf(lastAt - 60_000, lastAt + 1);
  if (survivor && early > 0 && late > 0)
    out(
      `Memory growth of worker ${survivor} (never killed), median of the minute after the ${WARM_UP_MS / 60_000}-minute warm-up (${early} MB) to that of the last minute (${late} MB): ${(((late - early) / early) * 100).toFixed(1)} %`,
    );
  out();
  out('Recovery:');
  for (const recovery of recoveries)
    out(
      `- ${recovery.fault}: signed-in reads answered again after ${recovery.siteMs} ms${recovery.fault.startsWith('worker') ? `; replacement worker up after ${recovery.replacedMs ?? 'n/a'} ms` : `; /api/health 200 after ${recovery.replacedMs} ms`}`,
    );
  out();
  out('Renewal runs (subscriptions renew-due, every 2 minutes):');
  for (const run of renewalRuns) out(`- ${run}`);
  out();
  out(
    `Postgres log: ${after.postgres.deadlocks} deadlocks, ${after.postgres.statementTimeouts} statement timeouts, ${after.postgres.lockTimeouts} lock timeouts, ${after.postgres.lockWaitsOver1s} lock waits over 1 s`,
  );
  out(
    `Writes answered 2xx and not found: ${after.lost.purchases} of ${written.purchases.size} purchases, ${after.lost.applications} of ${written.applications.size} applications, ${after.lost.gameSpends} of ${written.gameReferences.size} game spends`,
  );
  out(
    `Paid but still pending after 2 minutes: ${after.paidButPending}; active memberships still behind the last renew-due moment: ${after.membershipsBehind}`,
  );
  out(
    `db verify: ${after.verify.breaches.length === 0 ? `clean (${after.verify.checks.length} checks)` : after.verify.breaches.map((b) => `${b.check}: ${b.detail}`).join('; ')}`,
  );
  console.log(lines.join('\n'));
}

async function cleanUp() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((done) => {
      const cut = setTimeout(() => {
        server?.kill('SIGKILL');
        done(undefined);
      }, 10_000);
      server?.once('exit', () => {
        clearTimeout(cut);
        done(undefined);
      });
    });
  }
  try {
    stopCluster();
  } catch {}
  agent.destroy();
  if (process.env.SOAK_KEEP !== '1') rmSync(root, { recursive: true, force: true });
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
