import { AsyncLocalStorage } from 'node:async_hooks';
import { MikroORM, RequestContext, TransactionPropagation } from '@mikro-orm/postgresql';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { type EmbeddedPostgres, isEmbeddedUrl, openEmbedded } from './embedded-postgres.ts';
import type { Migrator } from '@mikro-orm/migrations';
import { MIGRATION_NAMES, MIGRATIONS_TABLE } from './migrations/names.ts';
import { ormOptions } from './orm-options.ts';
import { isStalePreparedStatement, type PreparedStatement, PreparedStatements } from './prepared-statements.ts';

/** A statement's rows as arrays of text values, with the columns' names. */
export interface RawResult {
  rows: Array<Array<string | null>>;
  fields: Array<{ name: string }>;
}

export type RawSql = (text: string) => Promise<RawResult>;

/** node-postgres' client as `Database.query` and `queries` use it, with the mark knex's pool reads */
interface PlainConnection {
  query(statement: string): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>;
  query(statement: PreparedStatement): Promise<{ rows: unknown[] }>;
  __knex__disposed?: unknown;
}

/** The advisory lock key held while migrating (an arbitrary number of this site's own). */
const MIGRATION_LOCK = 7_402_115;

export interface DatabaseSettings {
  /** a postgres:// URL; when absent the embedded database is used */
  url?: string;
  /** where the embedded database lives, or 'memory' for a throw-away one */
  dataDir: string;
  poolMax?: number;
  /** with dataDir 'memory': a dump of an embedded database to start from (see dumpEmbedded) */
  memoryTemplate?: string;
}

/** The one database handle: MikroORM on the postgresql driver, pointed at a real server or the embedded one. */
export class Database {
  /** what each outermost transaction runs once it has committed */
  private readonly afterCommit = new AsyncLocalStorage<Array<() => void>>();
  private readonly changeListeners = new Set<(key: string) => void>();
  /** on a Postgres server: the plain statements' names, each prepared once per connection (see `queries`) */
  private readonly prepared: PreparedStatements | undefined;

  private constructor(
    readonly orm: MikroORM,
    readonly url: string,
    private readonly embedded: EmbeddedPostgres | undefined,
    /** the embedded PGlite, this process's or another's: NOTIFY does not reach its other connections */
    readonly onPglite: boolean,
  ) {
    const platform = orm.em.getPlatform() as unknown as { formatDate(date: Date): string };
    this.prepared = onPglite ? undefined : new PreparedStatements((date) => platform.formatDate(date));
  }

  static async open(settings: DatabaseSettings): Promise<Database> {
    const { url, embedded } = settings.url
      ? { url: settings.url, embedded: undefined }
      : await openEmbedded(settings.dataDir, { template: settings.memoryTemplate });
    // the embedded database's own address given as a URL is still PGlite: one backend that every connection shares,
    // where a statement prepared by one connection would already exist for the next
    const onPglite = !settings.url || isEmbeddedUrl(settings.url);
    try {
      const orm = await MikroORM.init({ ...ormOptions({ url, poolMax: settings.poolMax }), connect: false });
      return new Database(orm, url, embedded, onPglite);
    } catch (error) {
      await embedded?.close();
      throw error;
    }
  }

  /** A copy of the embedded database this process serves, for a later 'memory' database to start from. */
  async dumpEmbedded(): Promise<Blob> {
    if (!this.embedded) throw new Error('Only an embedded database this process serves can be dumped.');
    return this.embedded.dump();
  }

  get isEmbedded(): boolean {
    return this.embedded !== undefined;
  }

  /** The entity manager of the current request or transaction (see withContext and transactional). */
  get em(): EntityManager {
    return this.orm.em as EntityManager;
  }

  /**
   * Gives the work its own identity map, as each HTTP request and CLI command gets. The map is made when a
   * statement first asks for it: a request answered from memory (a signed-in read of the session) makes none.
   */
  withContext<T>(work: () => Promise<T>): Promise<T> {
    const root = this.orm.em;
    return RequestContext.create([], () => {
      const context = RequestContext.currentRequestContext();
      if (!context) throw new Error('MikroORM made no request context for the work.');
      const forks = context.map;
      const find = forks.get.bind(forks);
      // forking asks for the context's manager itself: meanwhile there is none, as when MikroORM forks eagerly
      let forking = false;
      forks.get = (name: string) => {
        let fork = find(name);
        if (!fork && name === root.name && !forking) {
          forking = true;
          try {
            fork = root.fork({ useContext: true });
          } finally {
            forking = false;
          }
          forks.set(name, fork);
        }
        return fork;
      };
      return work();
    });
  }

  /**
   * Runs the work in one transaction; repositories using `em` inside it join that transaction, with no savepoint:
   * a failure inside fails the whole transaction, so nothing catches one and goes on writing in it.
   */
  async transactional<T>(work: () => Promise<T>): Promise<T> {
    if (this.afterCommit.getStore())
      return this.orm.em.transactional(() => work(), { propagation: TransactionPropagation.REQUIRED });
    const committed: Array<() => void> = [];
    const result = await this.afterCommit.run(committed, () => this.orm.em.transactional(() => work()));
    for (const run of committed) run();
    return result;
  }

  /**
   * A row something in memory may hold has changed (`user:<id>`, `session:<sid>`): listeners hear it at once, and
   * again once the transaction it was written in commits (a read made meanwhile saw the old row). Other processes
   * hear it from the database's own triggers.
   */
  changed(key: string): void {
    this.announce(key);
    this.afterCommit.getStore()?.push(() => this.announce(key));
  }

  /** hears `changed` keys, this process's and (through a ChangeFeed) every other's; answers how to stop */
  onChange(listener: (key: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  announce(key: string): void {
    for (const listener of this.changeListeners) listener(key);
  }

  /**
   * One plain SQL statement (`?` placeholders) without the ORM's query building: for the statements on every
   * request's or purchase's path (the session and its user, list pages, a checkout's and a completion's). Inside a
   * transaction (`transactional`) it goes out on the transaction's connection, as the ORM's would; outside, on a
   * pooled connection.
   *
   * On a Postgres server it goes out as a named prepared statement with its values as parameters: the server parses
   * and plans it once per connection, not on every call (see `PreparedStatements` for what still goes out inlined).
   * On the embedded PGlite the values are inlined as the ORM does, so the statement goes out as one simple-protocol
   * message: PGlite serves every connection from one backend, and an extended-protocol exchange (parse, bind,
   * execute) interleaved with another connection's loses its portal.
   */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const prepared = this.prepared?.of(sql, params);
    if (prepared) {
      try {
        return (await this.onConnection((connection) => connection.query(prepared))).rows as T[];
      } catch (error) {
        // a migration changed what the statement answers: this connection's prepared one is stale, so the pool drops
        // the connection; outside a transaction the statement goes again, inlined, on another
        if (!isStalePreparedStatement(error) || this.orm.em.getTransactionContext()) throw error;
      }
    }
    const [rows] = await this.queries([[sql, params]]);
    return rows as T[];
  }

  /**
   * Several plain statements (as `query`, their values inlined) sent together as one simple-protocol message: one
   * round trip, each statement's rows in order. For a page and its counts, read on every poll of a review list.
   */
  async queries(statements: ReadonlyArray<readonly [sql: string, params?: unknown[]]>): Promise<unknown[][]> {
    const platform = this.orm.em.getPlatform();
    const sql = statements.map(([statement, params]) => platform.formatQuery(statement, params ?? [])).join(';\n');
    const result = await this.onConnection((connection) => connection.query(sql));
    return Array.isArray(result) ? result.map((each) => each.rows) : [result.rows];
  }

  /** Runs `work` on the transaction's connection, or a pooled one outside a transaction. */
  private async onConnection<T>(work: (connection: PlainConnection) => Promise<T>): Promise<T> {
    // a transaction's own client hands over its connection and keeps it at release
    const client = (this.orm.em.getTransactionContext<Knex.Transaction>() ?? this.orm.em.getConnection().getKnex())
      .client;
    const connection = (await client.acquireConnection()) as PlainConnection;
    try {
      return await work(connection);
    } catch (error) {
      // the pool checks this mark before it hands the connection out again, and ends the connection instead
      if (isStalePreparedStatement(error)) connection.__knex__disposed = error;
      throw error;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /**
   * One pooled connection for the work's own statements, as simple-protocol messages whose values come back as
   * Postgres writes them (text, null stays null): a backup reads every table in one transaction through it, a
   * restore writes through it. The work must leave no session state behind (no SET outside a transaction).
   */
  async withRawConnection<T>(work: (sql: RawSql) => Promise<T>): Promise<T> {
    const client = this.orm.em.getConnection().getKnex().client;
    const connection = (await client.acquireConnection()) as {
      query(config: { text: string; rowMode: 'array'; types: object }): Promise<RawResult>;
    };
    const asText = { getTypeParser: () => (value: string) => value };
    try {
      return await work((text) => connection.query({ text, rowMode: 'array', types: asText }));
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** Applies pending migrations; returns the names it applied (none when up to date). */
  async migrate(): Promise<string[]> {
    // several server processes may start at once on one database: one migrates, the others wait and find it done
    const client = this.orm.em.getConnection().getKnex().client;
    const connection = (await acquireAtStart(client)) as { query(sql: string): Promise<{ rows: unknown[] }> };
    try {
      // a start on a current schema reads the migrations table and no more: the migrator is not even loaded
      const read = async (sql: string) => (await connection.query(sql)).rows;
      if ((await unappliedMigrations(read)).length === 0) return [];
      await connection.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
      try {
        const applied = await (await this.migrator()).up();
        return applied.map((migration) => migration.name);
      } finally {
        await connection.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
      }
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** Migrations the database has not recorded, found by reading alone (the migrator creates its table when it looks). */
  unappliedMigrations(): Promise<string[]> {
    return unappliedMigrations((sql) => this.query(sql));
  }

  async pendingMigrations(): Promise<string[]> {
    return (await (await this.migrator()).getPendingMigrations()).map((migration) => migration.name);
  }

  /** The migrator with this site's migrations, loaded on first use. */
  async migrator(): Promise<Migrator> {
    const { migratorOf } = await import('./migrator.ts');
    return migratorOf(this.orm);
  }

  async ping(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((done) => {
      timer = setTimeout(() => done(false), timeoutMs);
    });
    const query = this.orm.em
      .getConnection()
      .execute('select 1 as ok')
      .then(() => true)
      .catch(() => false);
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** the pool's connections now: its size, those lent out, those idle, and requests waiting for one */
  poolState(): PoolState {
    const pool = (
      this.orm.em.getConnection().getKnex().client as {
        pool?: { max: number; numUsed(): number; numFree(): number; numPendingAcquires(): number };
      }
    ).pool;
    if (!pool) return { size: 0, used: 0, free: 0, waiting: 0 };
    return { size: pool.max, used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires() };
  }

  /**
   * Whether the database answers (`up`), answers only outside this process's pool because every pooled
   * connection is busy (`busy`), or not at all (`down`): a pooled `select 1`, then, when that gets no answer in
   * time, one on a connection of its own.
   */
  async health(): Promise<{ database: 'up' | 'busy' | 'down'; pool: PoolState }> {
    if (await this.ping(HEALTH_POOL_MS)) return { database: 'up', pool: this.poolState() };
    const pool = this.poolState();
    return { database: (await this.pingAlone(HEALTH_ALONE_MS)) ? 'busy' : 'down', pool };
  }

  /** `select 1` on a connection opened for it and closed after, within `timeoutMs` */
  private async pingAlone(timeoutMs: number): Promise<boolean> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      application_name: 'bayou-health',
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.orm.close(true);
    await this.embedded?.close();
  }
}

export interface PoolState {
  size: number;
  used: number;
  free: number;
  waiting: number;
}

/** the health check's pooled ping, then its ping on a connection of its own: together under 2 s */
const HEALTH_POOL_MS = 1000;
const HEALTH_ALONE_MS = 800;

/** How long a starting server keeps asking for its first connection while the database is busy (workers starting at once). */
const START_ACQUIRE_MS = 30_000;

/** The pool found no free connection in time, or a new connection took longer than its limit to open. */
function slowToConnect(error: unknown): boolean {
  const { name, message } = error as Error;
  return name === 'KnexTimeoutError' || /timeout expired|connection timeout/i.test(message ?? '');
}

/**
 * A connection for the start's migration: the pool's 2 s limit suits a request, but a server starting beside its
 * siblings on a busy machine asks again until START_ACQUIRE_MS have passed.
 */
async function acquireAtStart(client: { acquireConnection(): Promise<unknown> }): Promise<unknown> {
  const giveUpAt = Date.now() + START_ACQUIRE_MS;
  for (;;) {
    try {
      return await client.acquireConnection();
    } catch (error) {
      if (!slowToConnect(error) || Date.now() >= giveUpAt) throw error;
    }
  }
}

/** The names of MIGRATION_NAMES the migrations table does not hold (all of them when there is no such table yet). */
async function unappliedMigrations(read: (sql: string) => Promise<unknown[]>): Promise<string[]> {
  const [table] = (await read(`select to_regclass('${MIGRATIONS_TABLE}') is not null as present`)) as Array<{
    present: boolean;
  }>;
  if (!table?.present) return [...MIGRATION_NAMES];
  const rows = (await read(`select name from ${MIGRATIONS_TABLE}`)) as Array<{ name: string }>;
  const applied = new Set(rows.map((row) => row.name));
  return MIGRATION_NAMES.filter((name) => !applied.has(name));
}
