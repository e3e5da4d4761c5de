import { expect, it } from 'vitest';
import type { ServerCheckLog } from '../../core/game/ports.ts';
import { InMemoryServerCheckLog } from '../../adapters/memory/in-memory-server-check-log.ts';
import { MikroOrmServerCheckLog } from '../../adapters/persistence/mikro-orm-server-check-log.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  log: ServerCheckLog;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => ({ log: new InMemoryServerCheckLog(), run: (work) => work() }),
  database: (db) => ({ log: new MikroOrmServerCheckLog(db.database), run: (work) => db.database.withContext(work) }),
};

const hour = (text: string) => new Date(`2026-11-${text}:00:00Z`);

describeRepositoryContract("the game server's checks per hour", adapters, (h) => {
  it('counts nothing before the first check', async () => {
    expect(await h.run(() => h.log.totalSince(hour('01T00')))).toEqual({ checks: 0, online: 0 });
  });

  it('adds up the checks and the answered ones of the hours from the one asked on', async () => {
    await h.run(async () => {
      await h.log.count(hour('10T08'), true);
      await h.log.count(hour('10T08'), false);
      await h.log.count(hour('10T09'), true);
      await h.log.count(hour('10T10'), false);
    });
    expect(await h.run(() => h.log.totalSince(hour('10T08')))).toEqual({ checks: 4, online: 2 });
    expect(await h.run(() => h.log.totalSince(hour('10T09')))).toEqual({ checks: 2, online: 1 });
    expect(await h.run(() => h.log.totalSince(hour('10T11')))).toEqual({ checks: 0, online: 0 });
  });

  it('loses no check counted at once by several server processes', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => h.run(() => h.log.count(hour('20T05'), i % 3 !== 0))));
    expect(await h.run(() => h.log.totalSince(hour('20T05')))).toEqual({ checks: 12, online: 8 });
  });
});
