import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type DatabaseTarget, databaseTargets } from './databases.ts';
import type { MigratedDatabase } from './contract-databases.ts';

/**
 * Which implementations a run's contract suites take: `in-process` ones (in-memory stores, fake gateways) in the fast
 * tier (`npm test -- --project core`), the `outside` ones (databases, stand-ins of the providers over HTTP) in the
 * other project, every one when no project names a tier. The whole `npm test` runs both projects, so each suite runs
 * on each implementation once.
 */
export type ContractTier = 'in-process' | 'outside' | 'all';

declare module 'vitest' {
  export interface ProvidedContext {
    contractTier: ContractTier;
  }
}

export function contractTier(): ContractTier {
  return inject('contractTier') ?? 'all';
}

/** One implementation of a port a contract suite runs on. */
export interface ContractImplementation<H, T extends string = string> {
  /** as the suite names it: `memory`, `pglite`, `stripe`… */
  name: string;
  /** what the tests may branch on where an implementation differs in a way the port allows */
  target: T;
  /** runs in this process without a database or a server (the fast tier) */
  inProcess: boolean;
  /** builds the implementation (and what it needs) for one suite; `close` is called after its last test */
  open(): Promise<H & Closable>;
}

export interface Closable {
  close?(): Promise<void>;
}

/**
 * The suite `name on <implementation>` once per implementation this run's tier takes. `h` is filled in before the
 * first test (its `close`, when it has one, runs after the last), so tests read it as they would a plain object.
 */
export function describeContract<H extends object, T extends string>(
  name: string,
  implementations: ReadonlyArray<ContractImplementation<H, T>>,
  tests: (h: H, target: T) => void,
): void {
  const tier = contractTier();
  const taken = implementations.filter((each) => tier === 'all' || each.inProcess === (tier === 'in-process'));
  for (const implementation of taken)
    describe(`${name} on ${implementation.name}`, () => {
      const h = {} as H;
      let opened: Closable | undefined;
      beforeAll(async () => {
        opened = await implementation.open();
        Object.assign(h, opened);
      });
      afterAll(async () => {
        await opened?.close?.();
      });
      tests(h, implementation.target);
    });
}

/** Where a repository contract suite runs: in memory, then on each database the run can reach. */
export type ContractTarget = 'memory' | DatabaseTarget;

/** A store's two implementations: in memory, and on a fresh migrated database (dropped after the suite). */
export interface RepositoryAdapters<H> {
  memory(): H | Promise<H>;
  database(db: MigratedDatabase, target: DatabaseTarget): H | Promise<H>;
  /** the database's pool size, for suites that run many calls at once */
  poolMax?: number;
}

/** The in-memory implementation, then one per database target (PGlite always, Postgres when DATABASE_URL is set). */
export function repositoryImplementations<H extends object>(
  adapters: RepositoryAdapters<H>,
): Array<ContractImplementation<H, ContractTarget>> {
  return [
    { name: 'memory', target: 'memory', inProcess: true, open: async () => adapters.memory() },
    ...databaseImplementations(adapters.database, adapters.poolMax),
  ];
}

/** One implementation per database target, each on a fresh migrated database dropped after the suite. */
export function databaseImplementations<H extends object>(
  open: RepositoryAdapters<H>['database'],
  poolMax?: number,
): Array<ContractImplementation<H, DatabaseTarget>> {
  return databaseTargets().map((target) => ({
    name: target,
    target,
    inProcess: false,
    open: async () => {
      // loaded only where a database is opened: the fast tier never loads the ORM's connection or PGlite
      const { openMigratedDatabase } = await import('./contract-databases.ts');
      const db = await openMigratedDatabase(target, poolMax);
      try {
        const h: H & Closable = await open(db, target);
        return {
          ...h,
          close: async () => {
            await h.close?.();
            await db.close();
          },
        };
      } catch (error) {
        await db.close();
        throw error;
      }
    },
  }));
}

/** A repository's contract suite on memory and every database: `describeContract` over `repositoryImplementations`. */
export function describeRepositoryContract<H extends object>(
  name: string,
  adapters: RepositoryAdapters<H>,
  tests: (h: H, target: ContractTarget) => void,
): void {
  describeContract(name, repositoryImplementations(adapters), tests);
}
