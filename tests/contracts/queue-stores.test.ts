import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { InMemoryQueueActions } from '../../adapters/memory/in-memory-queue-actions.ts';
import { InMemoryQueueAdmissions } from '../../adapters/memory/in-memory-queue-admissions.ts';
import { InMemoryQueueBoard } from '../../adapters/memory/in-memory-queue-board.ts';
import { MikroOrmQueueActions } from '../../adapters/persistence/mikro-orm-queue-actions.ts';
import { MikroOrmQueueAdmissions } from '../../adapters/persistence/mikro-orm-queue-admissions.ts';
import { SharedQueueBoard } from '../../adapters/persistence/shared-queue-board.ts';
import type { Admission, QueueAction, QueueState } from '../../core/queue/model/queue.ts';
import type { QueueActions, QueueAdmissions, QueueBoard } from '../../core/queue/ports.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  admissions: QueueAdmissions;
  actions: QueueActions;
  board: QueueBoard;
  /** the board of another process on the same store (the same board in memory, where there is one process) */
  otherBoard: QueueBoard;
  /** a user the actions can name */
  userId: string;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const board = new InMemoryQueueBoard();
    return {
      admissions: new InMemoryQueueAdmissions(),
      actions: new InMemoryQueueActions(),
      board,
      otherBoard: board,
      userId: randomUUID(),
      run: (work) => work(),
    };
  },
  database: async (db) => {
    const userId = randomUUID();
    await db.database.withContext(() =>
      db.database.query(`insert into "users" ("id", "discord_id") values (?, '100000000000000777')`, [userId]),
    );
    return {
      admissions: new MikroOrmQueueAdmissions(db.database),
      actions: new MikroOrmQueueActions(db.database),
      board: new SharedQueueBoard(db.database, 0),
      otherBoard: new SharedQueueBoard(db.database, 0),
      userId,
      run: (work) => db.database.withContext(work),
    };
  },
};

const at = (text: string) => new Date(`2026-11-${text}Z`);
const admission = (
  id: string,
  tier: string | null,
  waitedSeconds: number,
  when: string,
  server = 'main',
): Admission => ({
  server,
  id,
  discordId: '100000000000000777',
  tier,
  priority: 1,
  waitedSeconds,
  at: at(when),
});
const state = (server: string, names: string[], receivedAt: Date): QueueState => ({
  server,
  slots: 64,
  online: 61,
  waiting: names.map((name, i) => ({
    discordId: `10000000000000010${i}`,
    name,
    priority: 1,
    tier: null,
    since: at('20T10:00:00'),
  })),
  receivedAt,
});

describeRepositoryContract("the queue's stores", adapters, (h) => {
  it('records each admission once, counts them per server since a time, and sums the waits per tier', async () => {
    await h.run(() =>
      h.admissions.record([
        admission('a1', 'bayou-basic', 60, '10T10:00:00'),
        admission('a2', 'bayou-basic', 120, '10T11:00:00'),
        admission('a3', 'bayou-basic', 600, '10T12:00:00'),
        admission('a4', null, 300, '10T12:30:00'),
        admission('a1', 'bayou-basic', 60, '10T10:00:00', 'second'),
      ]),
    );
    // sent again: nothing new
    await h.run(() => h.admissions.record([admission('a3', 'bayou-basic', 600, '10T12:00:00')]));
    expect(await h.run(() => h.admissions.countSince(at('10T10:30:00')))).toEqual({ main: 3 });
    expect(await h.run(() => h.admissions.countSince(at('01T00:00:00')))).toEqual({ main: 4, second: 1 });
    const waits = await h.run(() => h.admissions.waitsByTier({ from: at('10T00:00:00'), to: at('10T12:15:00') }));
    expect(waits.sort((a, b) => String(a.tier).localeCompare(String(b.tier)))).toEqual([
      { tier: 'bayou-basic', admissions: 4, medianSeconds: 90, p90Seconds: 456 },
    ]);
    // one player's own, the latest first, for their copy of their data
    await h.run(() =>
      h.admissions.record([{ ...admission('b1', null, 30, '11T09:00:00'), discordId: '100000000000000888' }]),
    );
    const mine = await h.run(() => h.admissions.ofPlayer('100000000000000777', 2));
    expect(mine.map((each) => [each.server, each.id, each.waitedSeconds, each.at.toISOString()])).toEqual([
      ['main', 'a4', 300, at('10T12:30:00').toISOString()],
      ['main', 'a3', 600, at('10T12:00:00').toISOString()],
    ]);
    expect(await h.run(() => h.admissions.ofPlayer('100000000000000888', 10))).toMatchObject([
      { id: 'b1', tier: null, priority: 1 },
    ]);
  });

  it('keeps staff actions until the resource says it applied them, then no more', async () => {
    const action = (server: string, when: string): QueueAction => ({
      id: randomUUID(),
      server,
      discordId: '100000000000000777',
      userId: h.userId,
      action: 'remove',
      reason: 'Alt account',
      actorId: null,
      actorName: 'Admin',
      createdAt: at(when),
    });
    const first = action('main', '15T10:00:00');
    const second = action('main', '15T10:01:00');
    const elsewhere = action('second', '15T10:02:00');
    await h.run(async () => {
      for (const each of [second, first, elsewhere]) await h.actions.add(each);
    });
    expect((await h.run(() => h.actions.pending('main', at('15T09:00:00')))).map((each) => each.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect(await h.run(() => h.actions.pending('main', at('15T10:00:30')))).toEqual([second]);
    await h.run(() => h.actions.applied('main', [first.id, elsewhere.id], at('15T10:05:00')));
    expect(await h.run(() => h.actions.pending('main', at('15T09:00:00')))).toEqual([second]);
    // applied is told by the server the action was for
    expect(await h.run(() => h.actions.pending('second', at('15T09:00:00')))).toEqual([elsewhere]);
  });

  it("holds each server's latest state apart, and another process sees what one received", async () => {
    await h.run(() => h.board.put(state('main', ['Ana', 'Ben'], at('20T10:00:05'))));
    await h.run(() => h.board.put(state('second', ['Cy'], at('20T10:00:06'))));
    // a report that arrives late does not replace a newer one
    await h.run(() => h.board.put(state('main', ['Old'], at('20T10:00:01'))));
    const seen = await h.run(() => h.otherBoard.all());
    const names = Object.fromEntries(seen.map((each) => [each.server, each.waiting.map((player) => player.name)]));
    expect(names).toEqual({ main: ['Ana', 'Ben'], second: ['Cy'] });
    const main = seen.find((each) => each.server === 'main')!;
    expect(main).toMatchObject({ slots: 64, online: 61, receivedAt: at('20T10:00:05') });
    expect(main.waiting[0].since).toEqual(at('20T10:00:00'));
  });
});
