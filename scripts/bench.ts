import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { autocannonFigures, chooseLoader, cpuTicks, type Measured, non2xxText } from '../bench/load.ts';
import { findRunningEmbedded } from '../adapters/persistence/embedded-postgres.ts';
import { Database } from '../adapters/persistence/database.ts';
import { verifyDatabase } from '../adapters/persistence/database-verify.ts';
import { RUSH_ITEMS, RUSH_PLAYERS, type RushRound, rushRound } from '../bench/rush.ts';
import { DUE_GRANTS, GRANT_PLAYERS, GRANT_POLL_MS, GRANT_SERVERS, grantsRound } from '../bench/grants.ts';
import { whitelistAnswers } from '../tests/support/application-builders.ts';

/**
 * `npm run bench`: the server as production runs it (NODE_ENV=production, its own process) on the embedded
 * PGlite and on the real Postgres, each seeded with 100,000 applications and 100,000 purchases, loaded by autocannon
 * (or wrk: BENCH_LOADER=wrk, see bench/load.ts), each route after a bare Koa JSON route measured just before it.
 * Writes bench/results.md.
 */

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
/** Whole runs (seed, baselines, routes); the table shows each figure's median over them. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CONNECTIONS = 50;
const FRESH_USERS = 40_000;
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const SESSION_SECRET = randomBytes(32).toString('base64url');
const RESULTS = 'bench/results.md';
const LOADER = chooseLoader();
/** the third limit of the catalogue: bare Koa in a process with the async contexts every site process turns on */
const BARE_KOA_WITH_CONTEXTS =
  "bare Koa with the database's async contexts on (MikroORM's two and the after-commit one)";
const NOTES_MARKER = '<!-- notes: stored by npm run bench -->';

interface Row extends Measured {
  target: string;
  route: string;
  ratio?: number;
  /** signed-in routes: against the same-work baseline of the same database */
  sameWork?: number;
  /** the catalogue: against bare Koa sending its very answer, measured just before it */
  ofKoaAnswer?: number;
  /** the catalogue: against bare Koa sending it with the database layer's async contexts on (BARE_KOA_WITH_CONTEXTS) */
  ofKoaWithContexts?: number;
  /** the rush: the breaches db verify finds after it and not before */
  breaches?: number;
  /** the grants: from the first poll until every due grant was acknowledged, in ms */
  deliveredMs?: number;
  /** the grants: p99 of the polls that carried them, in ms */
  deliveryP99?: number;
  /** req/s of each run, when several were merged */
  runs?: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One row per database and route: the median of each figure over the runs; failures are added up. */
function medians(runs: Row[][]): Row[] {
  return runs[0].map((first) => {
    const same = runs.map((rows) => {
      const found = rows.find((r) => r.target === first.target && r.route === first.route);
      if (!found) throw new Error(`A run has no ${first.route} on ${first.target}.`);
      return found;
    });
    const of = (pick: (r: Row) => number | undefined) => {
      const values = same.map(pick).filter((v): v is number => v !== undefined);
      return values.length ? median(values) : undefined;
    };
    return {
      target: first.target,
      route: first.route,
      rps: median(same.map((r) => r.rps)),
      p50: median(same.map((r) => r.p50)),
      p99: median(same.map((r) => r.p99)),
      non2xx: same.reduce((sum, r) => sum + r.non2xx, 0),
      errors: same.reduce((sum, r) => sum + r.errors, 0),
      serverCores: of((r) => r.serverCores),
      loaderCores: of((r) => r.loaderCores),
      ratio: of((r) => r.ratio),
      sameWork: of((r) => r.sameWork),
      ofKoaAnswer: of((r) => r.ofKoaAnswer),
      ofKoaWithContexts: of((r) => r.ofKoaWithContexts),
      // the rush's db verify: every run's breaches added up
      deliveredMs: of((r) => r.deliveredMs),
      deliveryP99: of((r) => r.deliveryP99),
      breaches: same.some((r) => r.breaches !== undefined)
        ? same.reduce((sum, r) => sum + (r.breaches ?? 0), 0)
        : undefined,
      runs: same.map((r) => r.rps),
    };
  });
}

interface Started {
  url: string;
  child: ChildProcess;
}

/**
 * Starts a process and waits for its "ready on http://..." line. Its output (the request log, a line per request)
 * goes to a file, as a service's goes to its log: read in this process, it took the load generator's time, which
 * is what limits the run on two cores, and the baselines log nothing.
 */
/** `env` over this process's environment; a variable given as undefined is left out (the embedded run has no DATABASE_URL) */
async function startProcess(args: string[], env: Record<string, string | undefined>, ready: RegExp): Promise<Started> {
  const logFile = join(mkdtempSync(join(tmpdir(), 'bayou-bench-log-')), 'output.log');
  const out = openSync(logFile, 'w');
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: childEnv,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  // the head of the output: the ready line comes before any request
  const head = () => {
    const fd = openSync(logFile, 'r');
    try {
      const buffer = Buffer.alloc(20_000);
      return buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0));
    } finally {
      closeSync(fd);
    }
  };
  // what it wrote is read before its file goes with it
  let exited: string | undefined;
  child.once('exit', (code) => {
    exited = `${args.join(' ')} exited (${code}):\n${head()}`;
    rmSync(dirname(logFile), { recursive: true, force: true });
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(exited);
    const match = ready.exec(head());
    if (match) return { url: match[1], child };
    if (Date.now() > until) throw new Error(`${args.join(' ')} did not start:\n${head()}`);
    await sleep(50);
  }
}

function stop(started: Started): Promise<void> {
  return new Promise((done) => {
    if (started.child.exitCode !== null) return done();
    started.child.once('exit', () => done());
    started.child.kill('SIGTERM');
  });
}

/** The Cookie header a browser would send for session `sid` (the session middleware's signed cookie, keygrip's HMAC-SHA1). */
function sessionCookie(sid: string): string {
  const signature = createHmac('sha1', SESSION_SECRET).update(`bayou.sid=${sid}`).digest('base64url');
  return `bayou.sid=${sid}; bayou.sid.sig=${signature}`;
}

async function seed(url: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sql = readFileSync('bench/seed.sql', 'utf8')
      .replaceAll(':fresh', String(FRESH_USERS))
      .replaceAll(':now', String(Date.now()));
    await client.query(sql);
    // as autovacuum soon does on a live database: the visibility map lets index-only scans skip the table
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** `headers` as every load sends them: production trusts the proxy's X-Forwarded-Proto (the load balancer terminated TLS) */
function loaderOptions(headers: Record<string, string> = {}) {
  return { connections: CONNECTIONS, headers: { 'x-forwarded-proto': 'https', ...headers } };
}

/** Loads a route for a second, then measures it for DURATION_S; `server` is the process answering (for its cores). */
async function load(url: string, server: Started, headers: Record<string, string> = {}): Promise<Measured> {
  const options = loaderOptions(headers);
  await LOADER.load(url, { ...options, seconds: 1 });
  return LOADER.load(url, { ...options, seconds: DURATION_S, serverPid: server.child.pid });
}

/**
 * A goal's ratio, `route` ÷ `limit`, measured in one-second slices that alternate between them (A B B A...,
 * DURATION_S slices of each, after the loads just made warmed both): on a shared host the machine's speed moves by a
 * third within seconds, and measuring the two apart, even one just after the other, put that swing into the ratio.
 * Alternating puts both under the same moments; the ratio is of their requests over all the slices.
 */
async function alternatingRatio(
  route: { url: string; headers?: Record<string, string> },
  limit: { url: string; headers?: Record<string, string> },
): Promise<number> {
  const slice = (which: typeof route) => LOADER.load(which.url, { ...loaderOptions(which.headers), seconds: 1 });
  let routeRequests = 0;
  let limitRequests = 0;
  for (let n = 0; n < DURATION_S; n++) {
    const order = n % 2 === 0 ? [route, limit] : [limit, route];
    for (const which of order) {
      const { rps } = await slice(which);
      if (which === route) routeRequests += rps;
      else limitRequests += rps;
    }
  }
  return routeRequests / limitRequests;
}

function row(target: string, route: string, measured: Measured): Row {
  return { target, route, ...measured };
}

/**
 * Measures the bare Koa baseline just before a route and gives the route its ratio to it: the machine's speed drifts
 * over a run (bare Koa moved by a third between two minutes), so each ratio is taken against a baseline of the same
 * moment. Every baseline measured is stored, for the baseline's row.
 */
class PairedBaseline {
  readonly measured: Measured[] = [];
  constructor(readonly bare: Started) {}

  get url(): string {
    return this.bare.url;
  }

  /** req/s of the baseline measured last */
  get latest(): number {
    return this.measured.at(-1)?.rps ?? Number.NaN;
  }

  async before<T extends Row>(measure: () => Promise<T>): Promise<T> {
    const baseline = await load(`${this.url}/json`, this.bare);
    this.measured.push(baseline);
    const measured = await measure();
    measured.ratio = measured.rps / baseline.rps;
    return measured;
  }

  /** the baseline's row: the median of its measurements in this run */
  row(target: string): Row {
    const rows = this.measured.map((result) => row(target, 'bare Koa JSON route (baseline)', result));
    const [bare] = medians(rows.map((one) => [one]));
    if (!bare) throw new Error(`No baseline was measured for ${target}.`);
    return { ...bare, runs: undefined, ratio: 1 };
  }
}

async function benchTarget(
  target: 'pglite' | 'postgres',
  baseline: PairedBaseline,
): Promise<{ rows: Row[]; seedSeconds: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bayou-bench-'));
  let adminClient: pg.Client | undefined;
  let databaseUrl: string | undefined;
  const name = `bench_${randomBytes(4).toString('hex')}`;
  if (target === 'postgres') {
    adminClient = new pg.Client({ connectionString: POSTGRES_URL });
    await adminClient.connect();
    await adminClient.query(`create database "${name}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  /** `env` over the production site's settings (a variable given as undefined is left out) */
  const startSite = (workers: number, env: Record<string, string | undefined> = {}) =>
    startProcess(
      ['adapters/http/main.ts', '--api-only'],
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        // the embedded run must not inherit a DATABASE_URL meant for the Postgres run
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: String(workers),
        PUBLIC_URL: 'https://bayourp.example',
        SESSION_SECRET,
        DISCORD_CLIENT_ID: 'bench',
        DISCORD_CLIENT_SECRET: 'bench',
        DISCORD_REDIRECT_URI: 'https://bayourp.example/api/auth/discord/callback',
        STRIPE_SECRET_KEY: 'sk_test_bench',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
        STRIPE_WEBHOOK_SECRET: 'whsec_bench',
        RATE_LIMIT_WRITES_PER_MINUTE: '60',
        GAME_API_KEY,
        // the bench's store takes cards through Stripe: not a server listed on FiveM, whose licence asks for Tebex
        FIVEM_LISTED: 'false',
        LOG_LEVEL: 'info',
        ...env,
      },
      /Site ready on (http:\/\/\S+)/,
    );
  let server = await startSite(1);
  try {
    const seedUrl = databaseUrl ?? (await findRunningEmbedded(dataDir));
    if (!seedUrl) throw new Error(`The server's embedded database in ${dataDir} does not answer.`);
    const seedSeconds = await seed(seedUrl);
    console.log(`  ${target}: seeded 100,000 applications and 100,000 purchases in ${seedSeconds.toFixed(1)} s`);
    const settled = await settle(server.child);
    console.log(`  ${target}: the server was idle again ${settled.toFixed(1)} s after the seed`);
    const rows: Row[] = [];
    const as = (who: string) => ({ cookie: sessionCookie(`bench-${who}`) });
    // the second baseline: the same signed-in read on node:http and pg alone, against this very database
    const sameWork = await startProcess(
      ['bench/same-work.ts'],
      { DATABASE_URL: seedUrl, SESSION_SECRET },
      /Same-work baseline ready on (http:\/\/\S+)/,
    );
    let sameWorkRps = 0;
    try {
      const measured = await baseline.before(async () =>
        row(
          target,
          'same-work signed-in read, node:http + pg (baseline)',
          await load(`${sameWork.url}/`, sameWork, as('player')),
        ),
      );
      sameWorkRps = measured.rps;
      rows.push(measured);
      console.log(`  ${target}: same-work baseline: ${Math.round(sameWorkRps)} req/s, p99 ${measured.p99} ms`);
    } finally {
      await stop(sameWork);
    }
    const reads: Array<[string, string, Record<string, string>]> = [
      [CATALOGUE_AS_BROWSERS_ASK, '/api/catalogue', { 'accept-encoding': BROWSER_ENCODINGS }],
      [CATALOGUE_UNCOMPRESSED, '/api/catalogue', {}],
      ['GET /api/auth/user (signed in)', '/api/auth/user', as('player')],
      ['GET /api/applications (staff, first page)', '/api/applications', as('staff')],
      ['GET /api/purchases (admin, first page)', '/api/purchases', as('admin')],
    ];
    // the catalogue's limits: node:http sending the site's very answer (its headers and bytes), and nothing else; and
    // bare Koa sending it, the limit the site's framework allows
    const catalogueEncodings = [BROWSER_ENCODINGS, 'identity'];
    const answerEnv = { SITE_URL: server.url, ANSWER_PATH: '/api/catalogue', ENCODINGS: catalogueEncodings.join('|') };
    const sameAnswer = await startProcess(
      ['bench/same-answer.ts'],
      answerEnv,
      /Same-answer baseline \(node:http\) ready on (http:\/\/\S+)/,
    );
    const koaAnswer = await startProcess(
      ['bench/same-answer.ts'],
      { ...answerEnv, FRAMEWORK: 'koa' },
      /Same-answer baseline \(koa\) ready on (http:\/\/\S+)/,
    );
    const koaWithContexts = await startProcess(
      ['bench/same-answer.ts'],
      { ...answerEnv, FRAMEWORK: 'koa-with-contexts' },
      /Same-answer baseline \(koa-with-contexts\) ready on (http:\/\/\S+)/,
    );
    /** the answer as it reaches the client: how many headers, how many bytes */
    const shapeOf = async (url: string) => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return { headers: [...response.headers.keys()].length, bytes: Number(response.headers.get('content-length')) };
    };
    try {
      for (const [route, path, headers] of reads) {
        const limits: Row[] = [];
        // the baselines' address of the catalogue's answer fetched with this Accept-Encoding
        const answer = `/${catalogueEncodings.indexOf(headers['accept-encoding'] ?? 'identity')}`;
        const measured = await baseline.before(async () => {
          if (path === '/api/catalogue') {
            const shape = await shapeOf(`${sameAnswer.url}${answer}`);
            const how = `the catalogue's answer ${headers['accept-encoding'] ? 'gzipped' : 'uncompressed'} as the site sends it, ${shape.headers} headers and ${shape.bytes} bytes (baseline)`;
            for (const [who, sender] of [
              ['node:http', sameAnswer],
              ['bare Koa', koaAnswer],
              [BARE_KOA_WITH_CONTEXTS, koaWithContexts],
            ] as const) {
              const limit = row(target, `${who} sending ${how}`, await load(`${sender.url}${answer}`, sender));
              limit.ratio = limit.rps / baseline.latest;
              limits.push(limit);
            }
          }
          return row(target, route, await load(`${server.url}${path}`, server, headers));
        });
        const [nodeLimit, koaLimit, contextsLimit] = limits;
        const sameWork = headers.cookie ? sameWorkRps : nodeLimit?.rps;
        const site = { url: `${server.url}${path}`, headers };
        // the goals' ratios, in alternating slices: the catalogue against bare Koa sending it, the signed-in read
        // against bare Koa's JSON route
        const ofKoaAnswer = koaLimit ? await alternatingRatio(site, { url: `${koaAnswer.url}${answer}` }) : undefined;
        if (path === '/api/auth/user') measured.ratio = await alternatingRatio(site, { url: `${baseline.url}/json` });
        rows.push(...limits);
        rows.push({
          ...measured,
          ...(sameWork ? { sameWork: measured.rps / sameWork } : {}),
          ...(ofKoaAnswer ? { ofKoaAnswer } : {}),
          ...(contextsLimit ? { ofKoaWithContexts: measured.rps / contextsLimit.rps } : {}),
        });
        console.log(
          `  ${target}: ${route}: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms${non2xxText(measured)}${nodeLimit && koaLimit ? ` (sending the same answer: node:http ${Math.round(nodeLimit.rps)} req/s, bare Koa ${Math.round(koaLimit.rps)} req/s)` : ''}`,
        );
      }
    } finally {
      await stop(sameAnswer);
      await stop(koaAnswer);
      await stop(koaWithContexts);
    }
    let fresh = 0;
    const body = JSON.stringify(whitelistAnswers());
    const submitted = await baseline.before(async () =>
      row(
        target,
        'POST /api/applications (fresh users)',
        // autocannon: each submission signs in a session of its own
        autocannonFigures(
          await autocannon({
            url: server.url,
            connections: CONNECTIONS,
            duration: DURATION_S,
            headers: { 'x-forwarded-proto': 'https', 'content-type': 'application/json' },
            requests: [
              {
                method: 'POST',
                path: '/api/applications',
                body,
                setupRequest: (request) => ({
                  ...request,
                  headers: { ...request.headers, cookie: sessionCookie(`bench-fresh-${1 + (fresh++ % FRESH_USERS)}`) },
                }),
              },
            ],
          }),
        ),
      ),
    );
    rows.push(submitted);
    console.log(
      `  ${target}: POST /api/applications: ${Math.round(submitted.rps)} req/s, p99 ${submitted.p99} ms${non2xxText(submitted)}`,
    );
    if (fresh > FRESH_USERS)
      console.log(`  ${target}: more submissions than fresh users (${fresh}): the repeats answer 409`);
    rows.push(await grants(target, server.url));
    if (target === 'postgres') {
      // the same reads with two worker processes (WEB_CONCURRENCY=2) on the same database
      await stop(server);
      server = await startSite(2);
      for (const [route, path, headers] of reads.filter(([route]) => route !== CATALOGUE_UNCOMPRESSED)) {
        const measured = await baseline.before(async () =>
          row(target, `${route}, 2 workers`, await load(`${server.url}${path}`, server, headers)),
        );
        rows.push({ ...measured, ...(headers.cookie ? { sameWork: measured.rps / sameWorkRps } : {}) });
        console.log(`  ${target}: ${route}, 2 workers: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms`);
      }
      await stop(server);
      server = await startSite(2, RUSH_SITE);
      rows.push(await rush(target, server.url, databaseUrl as string));
    }
    return { rows, seedSeconds };
  } finally {
    await stop(server);
    if (adminClient) {
      await adminClient.query(`drop database if exists "${name}" with (force)`);
      await adminClient.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The rush's site, over the production settings: the demo card gateway, which production refuses, so no
 * NODE_ENV=production, no Stripe and no public address; no Discord sign-in and the write limit's default
 */
const RUSH_SITE: Record<string, undefined | string> = {
  NODE_ENV: undefined,
  PUBLIC_URL: undefined,
  DISCORD_CLIENT_ID: undefined,
  DISCORD_CLIENT_SECRET: undefined,
  DISCORD_REDIRECT_URI: undefined,
  STRIPE_SECRET_KEY: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  RATE_LIMIT_WRITES_PER_MINUTE: undefined,
  PAYMENT_GATEWAY: 'demo',
};

const GAME_API_KEY = randomBytes(24).toString('base64url');
const GRANTS_ROUTE = `grants: ${DUE_GRANTS.toLocaleString('en-US')} due for ${GRANT_PLAYERS} players online on ${GRANT_SERVERS} game servers, each asking every ${GRANT_POLL_MS / 1000} s (the resource's own code); req/s is grants acknowledged a second, p50 and p99 a poll once nothing is due`;

/**
 * The game servers' side (bench/grants.ts): the seed's due grants delivered through the resource's code, and the
 * polls of an evening when nothing is due. A grant run twice, or not acknowledged, counts as a failure.
 */
async function grants(target: string, siteUrl: string): Promise<Row> {
  const round = await grantsRound(siteUrl, GAME_API_KEY);
  const delivered = Number.isFinite(round.deliveredMs) ? `in ${round.deliveredMs} ms` : 'not all';
  console.log(
    `  ${target}: grants: ${round.acknowledged} acknowledged ${delivered}, ${round.ran} run, polls p99 ${round.deliveryP99} ms while delivering, p50 ${round.p50} ms and p99 ${round.p99} ms after${round.failures ? `, ${round.failures} answers not 200` : ''}`,
  );
  return {
    target,
    route: GRANTS_ROUTE,
    rps: Number.isFinite(round.deliveredMs) ? round.acknowledged / (round.deliveredMs / 1000) : 0,
    p50: round.p50,
    p99: round.p99,
    non2xx: round.failures + Math.abs(round.ran - DUE_GRANTS) + (DUE_GRANTS - Math.min(DUE_GRANTS, round.acknowledged)),
    errors: 0,
    deliveredMs: round.deliveredMs,
    deliveryP99: round.deliveryP99,
  };
}

/** measured rounds of the rush, after one to warm up; each round's players are fresh (first purchases) */
const RUSH_ROUNDS = 3;
const RUSH_ROUTE = `rush: ${RUSH_PLAYERS} players x ${RUSH_ITEMS.length} purchases at once, checkout, card and completion each (demo card, 2 workers); req/s is purchases/s, p50 and p99 a purchase`;

/**
 * The write section: rounds of the rush (bench/rush.ts) by players the seed signed in and nobody else uses, the median
 * round reported (its purchases a second, and p50 and p99 of a purchase's three calls), failures added up; then
 * db verify on the database.
 */
async function rush(target: string, siteUrl: string, url: string): Promise<Row> {
  const players = (round: number) =>
    Array.from({ length: RUSH_PLAYERS }, (_, i) =>
      sessionCookie(`bench-fresh-${FRESH_USERS - round * RUSH_PLAYERS - i}`),
    );
  // the seed's 75,000 completed purchases carry no ledger credit, and db verify names each: what the rush must not do
  // is add a breach
  const breachesNow = async () => {
    const database = await Database.open({ url, dataDir: 'memory' });
    try {
      return (await database.withContext(() => verifyDatabase(database))).breaches.length;
    } finally {
      await database.close();
    }
  };
  const before = await breachesNow();
  await rushRound(siteUrl, players(0));
  const rounds: RushRound[] = [];
  for (let round = 1; round <= RUSH_ROUNDS; round++) rounds.push(await rushRound(siteUrl, players(round)));
  const rates = rounds.map((r) => r.purchases / r.seconds);
  const middle = rounds[rates.indexOf(median(rates))] ?? (rounds[0] as RushRound);
  const breaches = (await breachesNow()) - before;
  for (const [n, r] of rounds.entries())
    console.log(
      `  ${target}: rush ${n + 1}: ${r.purchases} purchases in ${r.seconds.toFixed(2)} s (${Math.round(r.purchases / r.seconds)}/s), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.failures} failed${r.failures ? ` ${JSON.stringify(r.failed)}` : ''}`,
    );
  console.log(
    `  ${target}: db verify after the rush: ${breaches === 0 ? 'no breach added' : `${breaches} breaches added`} (the seed's own: ${before})`,
  );
  return {
    target,
    route: RUSH_ROUTE,
    rps: middle.purchases / middle.seconds,
    p50: middle.p50,
    p99: middle.p99,
    non2xx: rounds.reduce((sum, r) => sum + r.failures, 0),
    errors: 0,
    breaches,
  };
}

/**
 * Seconds from starting a process to the first answer of /api/catalogue on an existing embedded data directory
 * (a first start made it and applied the migrations), as `npm start` runs: the bundle, then the sources with tsx.
 */
async function measureStartup(): Promise<{ bundle: number; sources: number }> {
  const built = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'ignore' });
  await new Promise((done) => built.once('exit', done));
  const dataDir = mkdtempSync(join(tmpdir(), 'bayou-start-'));
  const firstAnswer = async (args: string[]) => {
    const began = performance.now();
    // the embedded start is measured: a DATABASE_URL the bench was given for its Postgres runs is left out
    const { DATABASE_URL: _postgres, ...env } = process.env;
    const child = spawn(process.execPath, args, {
      env: { ...env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no start:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /Site ready on (http:\/\/\S+) \(([^)]*)\)/.exec(output);
        if (ready) {
          clearTimeout(timer);
          if (ready[2]?.startsWith('embedded database')) done(ready[1] as string);
          else fail(new Error(`The start measured is not the embedded database's: ${ready[2]}`));
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    while ((await fetch(`${url}/api/catalogue`).catch(() => null))?.status !== 200) await sleep(10);
    const seconds = (performance.now() - began) / 1000;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    return seconds;
  };
  const times = async (args: string[]) => {
    const seconds: number[] = [];
    for (let run = 0; run < RUNS; run++) seconds.push(await firstAnswer(args));
    return median(seconds);
  };
  try {
    // the first start makes the data directory and applies the migrations
    await firstAnswer(['--import', 'tsx', 'scripts/start.ts']);
    return {
      // a checkout from before the bundle has none to start
      bundle: existsSync('scripts/start.mjs') ? await times(['scripts/start.mjs']) : Number.NaN,
      sources: await times(['--import', 'tsx', 'scripts/start.ts']),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Waits until the server is idle (under a tenth of a core over half a second), at most 60 s; returns the seconds
 * waited. Whatever the server still does after the seed (reading the change log, a list cached for the staff) would
 * otherwise be measured with the first route; on this machine it was idle within half a second.
 */
async function settle(child: ChildProcess): Promise<number> {
  const began = performance.now();
  const pid = child.pid;
  let before = pid === undefined ? undefined : cpuTicks(pid);
  if (pid === undefined || before === undefined) {
    await sleep(2_000);
    return (performance.now() - began) / 1000;
  }
  while (performance.now() - began < 60_000) {
    await sleep(500);
    const now = cpuTicks(pid);
    if (now === undefined || now - before <= 5) break;
    before = now;
  }
  return (performance.now() - began) / 1000;
}

async function postgresReachable(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** what a browser sends (Chromium's), and the catalogue's rows asked that way and without compression */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const CATALOGUE_AS_BROWSERS_ASK = 'GET /api/catalogue (gzip, as a browser asks)';
const CATALOGUE_UNCOMPRESSED = 'GET /api/catalogue, no compression asked';

const find = (rows: Row[], target: string, prefix: string) =>
  rows.find((r) => r.target === target && r.route.startsWith(prefix)) as Row;
/** a list page at 50 connections: 1,000 req/s and p99 50 ms on Postgres; p99 under 100 ms on PGlite */
const listGoal = (r: Row, target: string) => (target === 'postgres' ? r.rps >= 1000 && r.p99 <= 50 : r.p99 < 100);

const GOALS: Array<{ goal: string; check(rows: Row[], target: string): string }> = [
  {
    goal: 'catalogue >= 85% of bare Koa sending its very answer (asked as a browser asks, and with no compression asked)',
    check: (rows, target) => {
      const plain = find(rows, target, CATALOGUE_UNCOMPRESSED);
      const gzip = find(rows, target, CATALOGUE_AS_BROWSERS_ASK);
      const show = (r: Row) =>
        `${pct(r.ofKoaAnswer ?? 0)} of bare Koa sending it, ${pct(r.ofKoaWithContexts ?? 0)} of bare Koa sending it with the database's async contexts on, ${pct(r.sameWork ?? 0)} of node:http sending it, ${pct(r.ratio ?? 0)} of bare Koa's JSON route`;
      return verdict(
        gzip,
        (r) => (r.ofKoaAnswer ?? 0) >= 0.85 && (plain?.ofKoaAnswer ?? 0) >= 0.85,
        (r) => `${show(r)}; no compression asked: ${plain ? show(plain) : 'not measured'}`,
      );
    },
  },
  {
    goal: 'signed-in read >= 60% of bare Koa',
    check: (rows, target) =>
      verdict(
        find(rows, target, 'GET /api/auth/user'),
        (r) => (r.ratio ?? 0) >= 0.6,
        (r) => pct(r.ratio ?? 0),
      ),
  },
  {
    goal: 'signed-in read >= 70% of the same-work baseline (Postgres)',
    check: (rows, target) =>
      target === 'postgres'
        ? verdict(
            find(rows, target, 'GET /api/auth/user'),
            (r) => (r.sameWork ?? 0) >= 0.7,
            (r) => pct(r.sameWork ?? 0),
          )
        : `(${pct(find(rows, target, 'GET /api/auth/user').sameWork ?? 0)}, no goal)`,
  },
  {
    goal: 'applications page: Postgres >= 1,000 req/s and p99 <= 50 ms; PGlite p99 < 100 ms',
    check: (rows, target) =>
      verdict(
        find(rows, target, 'GET /api/applications'),
        (r) => listGoal(r, target),
        (r) => `${Math.round(r.rps)} req/s, p99 ${r.p99} ms`,
      ),
  },
  {
    goal: 'purchases page: Postgres >= 1,000 req/s and p99 <= 50 ms; PGlite p99 < 100 ms',
    check: (rows, target) =>
      verdict(
        find(rows, target, 'GET /api/purchases'),
        (r) => listGoal(r, target),
        (r) => `${Math.round(r.rps)} req/s, p99 ${r.p99} ms`,
      ),
  },
];

GOALS.push({
  goal: 'rush (Postgres, two workers): >= 100 purchases a second, p99 <= 1 s a purchase, 0 failures, no db verify breach added',
  check: (rows, target) => {
    const r = rows.find((row) => row.target === target && row.route === RUSH_ROUTE);
    if (!r) return '(not measured)';
    return verdict(
      r,
      (x) => x.rps >= 100 && x.p99 <= 1000 && x.breaches === 0,
      (x) =>
        `${Math.round(x.rps)} purchases/s, p50 ${x.p50} ms, p99 ${x.p99} ms, ${x.non2xx} failed, db verify ${x.breaches === 0 ? 'no breach added' : `${x.breaches} breaches added`}`,
    );
  },
});

GOALS.push({
  goal: `grants: all ${DUE_GRANTS.toLocaleString('en-US')} due for ${GRANT_PLAYERS} players delivered and acknowledged within two polling intervals (${(2 * GRANT_POLL_MS) / 1000} s), each run once; a poll's p99 <= 20 ms at one a second a server`,
  check: (rows, target) => {
    const r = rows.find((row) => row.target === target && row.route === GRANTS_ROUTE);
    if (!r) return '(not measured)';
    return verdict(
      r,
      (x) => (x.deliveredMs ?? Number.POSITIVE_INFINITY) <= 2 * GRANT_POLL_MS && x.p99 <= 20,
      (x) =>
        `delivered in ${x.deliveredMs} ms, ${x.non2xx} failed, polls p99 ${x.p99} ms (p99 ${x.deliveryP99} ms while delivering)`,
    );
  },
});

const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
/** the cores the server and the load generator used (the one near 1.0 is the limit of a one-process route) */
const cores = (r: Row) =>
  r.serverCores === undefined || r.loaderCores === undefined
    ? ''
    : `${r.serverCores.toFixed(2)}, ${r.loaderCores.toFixed(2)}`;
const verdict = (r: Row, ok: (r: Row) => boolean, show: (r: Row) => string) =>
  r.rps < 1
    ? '**not met** (no answers)'
    : `${ok(r) && r.non2xx === 0 && r.errors === 0 ? 'met' : '**not met**'} (${show(r)})`;

async function main(): Promise<void> {
  const began = performance.now();
  console.log(`Bench: ${DURATION_S} s per route at ${CONNECTIONS} connections`);
  const startup = await measureStartup();
  console.log(
    `  first answer of npm start on an existing data directory: ${startup.bundle.toFixed(2)} s (bundle), ${startup.sources.toFixed(2)} s (sources through tsx)`,
  );
  const targets: Array<'pglite' | 'postgres'> = ['pglite'];
  if (await postgresReachable()) targets.push('postgres');
  else console.log(`  the real Postgres at ${POSTGRES_URL} does not answer: PGlite only`);
  // the baseline runs just before each route (PairedBaseline), so a busy moment of the machine weighs on both alike
  const bare = await startProcess(['bench/bare-koa.ts'], {}, /Bare Koa ready on (http:\/\/\S+)/);
  const runs: Row[][] = [];
  const seeds: string[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`Run ${run} of ${RUNS}`);
      const rows: Row[] = [];
      for (const target of targets) {
        const baseline = new PairedBaseline(bare);
        const result = await benchTarget(target, baseline);
        const bareRow = baseline.row(target);
        console.log(
          `  ${target}: bare Koa, median of ${baseline.measured.length} measured before each route: ${Math.round(bareRow.rps)} req/s, p99 ${bareRow.p99} ms`,
        );
        rows.push(bareRow, ...result.rows);
        if (run === 1) seeds.push(`${target} ${result.seedSeconds.toFixed(1)} s`);
      }
      runs.push(rows);
    }
  } finally {
    await stop(bare);
  }
  const rows = medians(runs);
  const seconds = (performance.now() - began) / 1000;

  const cpu = cpus();
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()}: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}.`,
    `Load: ${LOADER.name === 'wrk' ? 'wrk (one thread; BENCH_LOADER=wrk)' : 'autocannon'} in its own process, ${CONNECTIONS} connections, ${DURATION_S} s per route after a 1 s warm-up${LOADER.name === 'wrk' ? ' (the submissions by autocannon, each with a session of its own)' : ''}, no compression asked but for the catalogue's first row, asked as Chromium asks (\`Accept-Encoding: ${BROWSER_ENCODINGS}\`); "vs same work" is the signed-in reads against the same-work baseline and each catalogue row against \`node:http\` sending the site's very answer (its headers and bytes, fetched from it) and nothing else; "vs bare Koa sending the same answer" is each catalogue row against a bare Koa app sending that answer, the limit the site's framework allows; the row "${BARE_KOA_WITH_CONTEXTS}" is that app in a process where the async contexts every site process turns on are on (on Node 20 their hook runs for every promise, tick and timer of every request), and the goals give the catalogue against it too. Server: \`adapters/http/main.ts\` with NODE_ENV=production, request logging on, written to a file.`,
    `Runs: ${RUNS} whole runs (seed, the baselines, every route); each figure is the median of its runs; each route's ratio is taken against bare Koa measured just before it (the baseline's row: the median of those), as the machine's speed drifts within a run, but the goals' own ratios (the catalogue against bare Koa sending it, the signed-in read against bare Koa's JSON route) come from one-second slices alternating between the two, ${DURATION_S} of each, as it drifts within seconds; non-2xx and errors are added up; "cores" is the CPU time the server (its workers included) and the load generator each used over the route's seconds: on two cores, the one near 1.00 is what limited a one-process route.`,
    `Data: 100,000 whitelist applications and 100,000 purchases (seeded in ${seeds.join(', ')}). Whole run: ${seconds.toFixed(0)} s.`,
    Number.isNaN(startup.bundle)
      ? `Start: no server bundle in this checkout; the first answer of \`npm start\` on an existing embedded data directory came ${startup.sources.toFixed(2)} s after the start (median of ${RUNS}).`
      : `Start: the first answer of \`npm start\` on an existing embedded data directory came ${startup.bundle.toFixed(2)} s after the start with the server bundle (goal 2 s: ${startup.bundle <= 2 ? 'met' : '**not met**'}), ${startup.sources.toFixed(2)} s from the sources through tsx (medians of ${RUNS}).`,
    '',
    '| database | route | req/s | p50 ms | p99 ms | non-2xx | errors | vs bare Koa | vs same work | vs bare Koa sending the same answer | cores: server, load | req/s of each run |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.route} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.ratio === undefined ? '' : pct(r.ratio)} | ${r.sameWork === undefined ? '' : pct(r.sameWork)} | ${r.ofKoaAnswer === undefined ? '' : pct(r.ofKoaAnswer)} | ${cores(r)} | ${(r.runs ?? []).map(Math.round).join(', ')} |`,
    ),
    '',
    '## Goals',
    '',
    `| goal | ${targets.join(' | ')} |`,
    `| --- | ${targets.map(() => '---').join(' | ')} |`,
    ...GOALS.map((goal) => `| ${goal.goal} | ${targets.map((target) => goal.check(rows, target)).join(' | ')} |`),
    '',
  ];
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const notes = previous.includes(NOTES_MARKER) ? previous.slice(previous.indexOf(NOTES_MARKER)) : `${NOTES_MARKER}\n`;
  writeFileSync(RESULTS, `${lines.join('\n')}\n${notes}`);
  console.log(`\n${lines.slice(7).join('\n')}\nWrote ${RESULTS} (${seconds.toFixed(0)} s)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
