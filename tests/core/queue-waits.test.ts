import { describe, expect, it } from 'vitest';
import { expectedWait } from '../../core/queue/model/queue.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const NOW = new Date('2026-12-01T12:00:00Z');
let moment = NOW;
const clock = { now: () => moment };

let made = 0;
/** a player let in `daysAgo` days before NOW, after `minutes` minutes in the queue */
const admission = (tier: string | null, minutes: number, daysAgo: number) => ({
  id: `a-${++made}`,
  discordId: `1000000000000${String(100_000 + made)}`,
  tier,
  priority: tier ? 1 : 0,
  waitedSeconds: minutes * 60,
  at: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
});
const report = (server: string, admitted: unknown[], waiting: unknown[] = []) => ({
  server,
  slots: 64,
  online: 64,
  waiting,
  admitted,
  applied: [],
});

describe('the queue figures', () => {
  it('gives the median and 90th-percentile wait per tier over 7 and 30 days, from admissions on a fake clock', async () => {
    const { core } = composeInMemory({ clock });
    // Bayou Basic: waits 1..10 minutes this week; one older admission of 100 minutes, 20 days ago
    const basic = Array.from({ length: 10 }, (_, i) => admission('bayou-basic', i + 1, 1 + (i % 5)));
    const voodoo = [admission('voodoo-experience', 2, 2), admission('voodoo-experience', 4, 3)];
    const free = [admission(null, 30, 10), admission(null, 50, 12)];
    await core.queue.receiveReport.execute(report('main', [...basic, ...voodoo, admission('bayou-basic', 100, 20)]));
    // sent twice (an answer lost on the way): recorded once
    await core.queue.receiveReport.execute(report('main', [...free, basic[0]]));
    // an admission a month and more ago counts in neither window
    await core.queue.receiveReport.execute(report('second', [admission('bayou-basic', 500, 31)]));

    const { windows } = await core.queue.waits.execute();
    expect(windows.map((window) => window.days)).toEqual([7, 30]);
    const [week, month] = windows;
    // the dearest tier first, players without one last
    expect(week.tiers).toEqual([
      { tier: 'voodoo-experience', name: 'Voodoo Experience', admissions: 2, medianMinutes: 3, p90Minutes: 3.8 },
      { tier: 'bayou-basic', name: 'Bayou Basic', admissions: 10, medianMinutes: 5.5, p90Minutes: 9.1 },
    ]);
    expect(month.tiers.map((tier) => [tier.name, tier.admissions, tier.medianMinutes, tier.p90Minutes])).toEqual([
      ['Voodoo Experience', 2, 3, 3.8],
      ['Bayou Basic', 11, 6, 10],
      ['No tier', 2, 40, 48],
    ]);

    // eight days on, this week's are last week's
    moment = new Date(NOW.getTime() + 8 * DAY);
    const later = await core.queue.waits.execute();
    expect(later.windows[0].tiers).toEqual([]);
    moment = NOW;
  });

  it("tells a waiting player their place and a range from the last hour's pace, or that there is not enough data", async () => {
    const { core } = composeInMemory({ clock });
    const waiting = ['100000000000000001', '100000000000000002', '100000000000000003'].map((discordId, i) => ({
      discordId,
      name: `Player ${i + 1}`,
      priority: 1,
      tier: 'bayou-basic',
      since: new Date(NOW.getTime() - 10 * MINUTE).toISOString(),
    }));
    const recent = (minutesAgo: number) => ({
      ...admission('bayou-basic', 5, 0),
      at: new Date(NOW.getTime() - minutesAgo * MINUTE).toISOString(),
    });
    await core.queue.receiveReport.execute(report('main', [recent(10), recent(70)], waiting));
    const few = await core.queue.showPlace.execute('100000000000000003');
    expect(few).toMatchObject({
      server: 'main',
      place: 3,
      ahead: 2,
      waiting: 3,
      expectedWait: null,
      admittedLastHour: 1,
    });

    // 16 let in over the last hour: about one every 3.75 minutes, give or take a quarter
    await core.queue.receiveReport.execute(
      report(
        'main',
        Array.from({ length: 15 }, (_, i) => recent(i * 3 + 1)),
        waiting,
      ),
    );
    const paced = await core.queue.showPlace.execute('100000000000000003');
    expect(paced?.admittedLastHour).toBe(16);
    expect(paced?.expectedWait).toEqual({ fromMinutes: 9, toMinutes: 15 });
    expect(await core.queue.showPlace.execute('100000000000000009')).toBeNull();

    // a report a minute old or more tells nothing
    moment = new Date(NOW.getTime() + 61_000);
    expect(await core.queue.showPlace.execute('100000000000000003')).toBeNull();
    expect(await core.queue.summary.execute()).toBeNull();
    moment = NOW;
  });

  it('estimates more turns as longer, and never less than a minute', () => {
    expect(expectedWait(0, 2)).toBeNull();
    expect(expectedWait(0, 600)).toEqual({ fromMinutes: 1, toMinutes: 1 });
    const near = expectedWait(1, 30)!;
    const far = expectedWait(10, 30)!;
    expect(far.fromMinutes).toBeGreaterThan(near.toMinutes);
  });
});
