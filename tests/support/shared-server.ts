import type { ServerResponse } from 'node:http';
import type { System } from '../../adapters/compose.ts';
import { RateLimiter } from '../../adapters/http/middleware/rate-limiter.ts';
import { type RunningServer, startServer } from '../../adapters/http/server.ts';
import { createTestDatabase, serverTarget, type TestDatabase } from './databases.ts';
import { composeTestSystem, type TestServer, UI_DIR } from './test-system.ts';

/** the log the change feed reads on the embedded database: its ids only ever grow (see ChangeFeed) */
const CHANGE_LOG = 'cache_invalidations';
/** how long a reset waits for the work a previous file left running */
const SETTLE_MS = 10_000;

/**
 * A rate limiter the worker's server counts on, made anew (no counts) when the next file takes the server over: the
 * app holds the limiter it was built with, so the counting moves to a fresh one inside it.
 */
class RenewedLimiter extends RateLimiter {
  private current: RateLimiter;

  constructor(limitPerMinute: number) {
    super(limitPerMinute);
    this.current = new RateLimiter(limitPerMinute);
  }

  override hit(key: string): number {
    return this.current.hit(key);
  }

  renew(): void {
    this.current = new RateLimiter(this.limitPerMinute);
  }
}

/**
 * The test worker's one server: the real app on the default test configuration, serving the built UI, on a copy of
 * the run's migrated database where the run's servers run (see serverTarget). `reset()` brings it back to what a new
 * one would be: the template's rows, nothing cached in memory, no counts, the periodic passes started afresh.
 */
class WorkerServer {
  /** the requests under way, each with when it came */
  private readonly inFlight = new Map<ServerResponse, number>();
  /** no file has used it since it started or was last reset */
  private clean = true;

  private constructor(
    readonly system: System,
    readonly running: RunningServer,
    private readonly limiters: RenewedLimiter[],
    /** what brings the database back to the template (see restoreStatements) */
    private readonly restore: ReadonlyArray<readonly [string]>,
  ) {
    running.server.on('request', (_req, res: ServerResponse) => {
      this.inFlight.set(res, Date.now());
      res.once('close', () => this.inFlight.delete(res));
    });
  }

  static async start(): Promise<WorkerServer> {
    const database = await createTestDatabase(serverTarget(), undefined, { migrated: true });
    const system = await composeTestSystem({}, database.url).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      const restore = await restoreStatements(system);
      const { rateLimits } = system.config;
      const limiters = {
        signIn: new RenewedLimiter(rateLimits.signInPerMinute),
        writes: new RenewedLimiter(rateLimits.writesPerMinute),
        game: new RenewedLimiter(rateLimits.gamePerMinute),
        coupons: new RenewedLimiter(rateLimits.couponsPerMinute),
        codes: new RenewedLimiter(rateLimits.codesPerMinute),
        secondFactor: new RenewedLimiter(system.rateLimits.secondFactor.limitPerMinute),
        api: new RenewedLimiter(rateLimits.apiPerMinute),
      };
      // before the app is built: its middleware holds these
      system.rateLimits = limiters;
      const running = await startServer(system, { uiDir: UI_DIR, port: 0, host: '127.0.0.1' });
      // the worker ends with its last file: the server goes with it (see endWithTheWorker)
      endWithTheWorker(running, database);
      return new WorkerServer(system, running, Object.values(limiters), restore);
    } catch (error) {
      await system.close();
      await database.drop();
      throw error;
    }
  }

  /** The server as a file sees it: stopping it is the worker's exit, not the file's. */
  view(): TestServer {
    this.clean = false;
    return {
      url: this.running.url,
      system: this.system,
      stop: () =>
        Promise.reject(new Error('The worker shares this server with its next test files: a file does not stop it.')),
    };
  }

  /** Brings the server back to what a new one would be, unless no file has used it yet. */
  async reset(): Promise<void> {
    if (this.clean) return;
    const { system } = this;
    // what startServer starts (DELIVERY_WORKER on): each pass under way finishes first
    const passes = [
      system.deliveryWorker,
      system.mailWorker,
      system.webhookWorker,
      system.renewalScheduler,
      system.reconcileScheduler,
      system.interviewReminders,
    ];
    await Promise.all(passes.map((pass) => pass.stop()));
    await this.settled();
    await system.database.queries(this.restore);
    // whatever was cached in memory (sessions and answers beside them, lists, counts, public answers) goes
    system.database.announce('*');
    for (const limiter of this.limiters) limiter.renew();
    // as a new server starts them: a pass at once, then one every poll
    for (const pass of passes) pass.start();
    this.clean = true;
  }

  /**
   * Waits until no request is under way and no statement holds a pooled connection: a request a previous file left
   * running (its browser closed mid-request: the answer is gone, the work goes on) would write into the next file's
   * rows.
   */
  private async settled(): Promise<void> {
    const giveUpAt = Date.now() + SETTLE_MS;
    while (this.inFlight.size > 0 || this.system.database.poolState().used > 0) {
      if (Date.now() > giveUpAt) {
        const left =
          [...this.inFlight]
            .map(
              ([res, since]) =>
                `${res.req.method} ${res.req.url}: ${Date.now() - since} ms, ${res.headersSent ? 'answering' : 'not answered'}, ` +
                `connection ${res.socket?.destroyed === false ? 'open' : 'closed'}`,
            )
            .join('; ') || 'none';
        throw new Error(`The worker's server is still busy with a previous test file's work (requests: ${left}).`);
      }
      await new Promise((done) => setTimeout(done, 10));
    }
  }
}

/**
 * What brings the database back to the template: every table the template holds empty is emptied (a table the
 * migrations fill, their own record of what ran, stays as it is), and every sequence goes back to where the template
 * left it, but the change log's, whose ids the change feed reads on from the last it saw.
 */
async function restoreStatements(system: System): Promise<Array<readonly [string]>> {
  const { database } = system;
  const tables = await database.query<{ name: string }>(
    `select quote_ident(tablename) as "name" from pg_tables where schemaname = current_schema() order by tablename`,
  );
  const answers = (await database.queries(
    tables.map(({ name }) => [`select exists (select 1 from ${name}) as "filled"`] as const),
  )) as Array<Array<{ filled: boolean }>>;
  const empty = tables.filter((_table, index) => answers[index]?.[0]?.filled === false);
  const sequences = await database.query<{ name: string; start: string; last: string | null }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as "name", start_value::text as "start",
       last_value::text as "last"
     from pg_sequences where schemaname = current_schema()
       and sequencename <> pg_get_serial_sequence('${CHANGE_LOG}', 'id')::regclass::text`,
  );
  return [
    [`truncate table ${empty.map((table) => table.name).join(', ')}`],
    ...sequences.map(
      ({ name, start, last }) =>
        [
          last === null ? `select setval('${name}', ${start}, false)` : `select setval('${name}', ${last}, true)`,
        ] as const,
    ),
  ];
}

/**
 * Vitest ends a worker with SIGTERM once its files have run. A listener on it takes the place of the signal's ending
 * the process (as Playwright's, in a worker that launched Chromium, does already), so the server stops then: its
 * connections and its database's close (a database on the real server is dropped), and with nothing left open the
 * worker ends on its own, at once.
 */
function endWithTheWorker(running: RunningServer, database: TestDatabase): void {
  process.once('SIGTERM', () => void running.stop().then(() => database.drop()));
}

let shared: Promise<WorkerServer> | undefined;

/**
 * The test worker's server for a test file (call it in `beforeAll`): started by the worker's first file that asks,
 * kept for its next files (they share the worker's loaded modules), and brought back on each call to what a new
 * `startTestServer({ ui: true })` would be: the migrated template's rows and nothing more, no sessions, nothing kept
 * in memory, rate limits uncounted. A file does not stop it (`stop()` refuses); the worker's exit does.
 */
export async function sharedTestServer(): Promise<TestServer> {
  shared ??= WorkerServer.start().catch((error: unknown) => {
    // the next file tries again
    shared = undefined;
    throw error;
  });
  const server = await shared;
  await server.reset();
  return server.view();
}
