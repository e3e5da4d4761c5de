import { describe, expect, it } from 'vitest';
import { RecordServerCheck } from '../../core/game/use-cases/record-server-check.ts';
import { InMemoryServerCheckLog } from '../../adapters/memory/in-memory-server-check-log.ts';

const HOUR = 3_600_000;

function recorder(start: string) {
  let now = new Date(start);
  const record = new RecordServerCheck(new InMemoryServerCheckLog(), { now: () => now });
  return {
    check: (online: boolean) => record.execute({ online }),
    later: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe("the game server's uptime over the last 30 days", () => {
  it('is the share of the checks the server answered, from the first check on', async () => {
    const server = recorder('2026-11-27T10:05:00Z');
    expect(await server.check(true)).toBe(1);
    expect(await server.check(true)).toBe(1);
    expect(await server.check(true)).toBe(1);
    expect(await server.check(false)).toBe(0.75);
    server.later(2 * HOUR);
    expect(await server.check(false)).toBe(0.6);
  });

  it('forgets the checks older than 30 days: an outage a month ago no longer counts', async () => {
    const server = recorder('2026-10-01T00:30:00Z');
    for (let i = 0; i < 4; i++) await server.check(false);
    server.later(HOUR);
    expect(await server.check(true)).toBe(0.2);
    // the outage's hour is the 720th before this one: still inside the 30 days
    server.later(30 * 24 * HOUR - 2 * HOUR);
    expect(await server.check(true)).toBeCloseTo(2 / 6);
    // an hour later it is out of them
    server.later(HOUR);
    expect(await server.check(true)).toBe(1);
  });
});
