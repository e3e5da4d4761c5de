import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerCheckLog } from '../../core/game/ports.ts';
import { InMemoryServerCheckLog } from '../../adapters/memory/in-memory-server-check-log.ts';
import { MikroOrmServerCheckLog } from '../../adapters/persistence/mikro-orm-server-check-log.ts';
import { contractTargets, openMigratedDatabase, type ContractTarget } from '../support/contract-databases.ts';

interface Harness {
  log: ServerCheckLog;
  run<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function harness(target: ContractTarget): Promise<Harness> {
  if (target === 'memory') return { log: new InMemoryServerCheckLog(), run: (work) => work(), close: async () => {} };
  const db = await openMigratedDatabase(target);
  return {
    log: new MikroOrmServerCheckLog(db.database),
    run: (work) => db.database.withContext(work),
    close: db.close,
  };
}

const hour = (text: string) => new Date(`2026-11-${text}:00:00Z`);

describe.each(contractTargets())("the game server's checks per hour on %s", (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(target);
  });
  afterAll(() => h?.close());

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
