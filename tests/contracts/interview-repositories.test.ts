import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Interview, InterviewSlot } from '../../core/interviews/model/interview.ts';
import type { InterviewRepository } from '../../core/interviews/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryInterviewRepository } from '../../adapters/memory/in-memory-interviews.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { MikroOrmInterviewRepository } from '../../adapters/persistence/mikro-orm-interviews.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  interviews: InterviewRepository;
  transactions: TransactionRunner;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const interviews = new InMemoryInterviewRepository();
    return {
      interviews,
      transactions: new InMemoryTransactions([interviews]),
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => ({
    interviews: new MikroOrmInterviewRepository(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    addUser: db.addUser,
    run: (work) => db.database.withContext(work),
  }),
  poolMax: 6,
};

const HOUR = 3_600_000;
/** one base for the whole suite, in whole seconds (what both stores give back) */
const BASE = Math.floor(Date.now() / 1000) * 1000;
const at = (hoursAhead: number) => new Date(BASE + hoursAhead * HOUR);

describeRepositoryContract('interview repository', adapters, (h) => {
  let repo: InterviewRepository;
  let applicant: string;
  let reviewer: string;
  const run = <T>(work: () => Promise<T>) => h.run(work);

  beforeAll(async () => {
    repo = h.interviews;
    applicant = await h.addUser();
    reviewer = await h.addUser();
  });

  const slot = (overrides: Partial<InterviewSlot> = {}): InterviewSlot => {
    const startsAt = overrides.startsAt ?? at(24);
    return {
      id: randomUUID(),
      kind: 'staff',
      applicationId: randomUUID(),
      applicantId: applicant,
      reviewerId: reviewer,
      reviewerName: 'Marcel, "the Cajun"; of Houma',
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR / 2),
      status: 'open',
      offeredBy: reviewer,
      createdAt: at(0),
      ...overrides,
    };
  };

  const interviewOn = (taken: InterviewSlot, overrides: Partial<Interview> = {}): Interview => ({
    id: randomUUID(),
    kind: taken.kind,
    applicationId: taken.applicationId,
    applicantId: taken.applicantId,
    slotId: taken.id,
    reviewerId: taken.reviewerId,
    reviewerName: taken.reviewerName,
    startsAt: taken.startsAt,
    endsAt: taken.endsAt,
    status: 'booked',
    sequence: 0,
    notes: null,
    remindedFor: null,
    history: [{ at: at(0), action: 'booked', by: 'applicant', name: 'remy', reason: null, startsAt: taken.startsAt }],
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  });

  /** books a slot as the use case does: the slot taken and the interview added, in one transaction */
  const book = (taken: InterviewSlot, interview = interviewOn(taken)) =>
    run(() =>
      h.transactions.run(async () => {
        if (!(await repo.moveSlot(taken.id, 'open', 'taken'))) throw new Error('slot not open');
        await repo.add(interview);
        return interview;
      }),
    );

  it('stores slots whole, lists them by start, and moves one only from the status expected', async () => {
    const applicationId = randomUUID();
    const late = slot({ applicationId, startsAt: at(30) });
    const early = slot({ applicationId, startsAt: at(20) });
    await run(() => repo.addSlots([late, early]));
    expect(await run(() => repo.findSlot(early.id))).toEqual(early);
    expect((await run(() => repo.slotsOf(applicationId))).map((s) => s.id)).toEqual([early.id, late.id]);
    expect((await run(() => repo.slotsOfApplicant(applicant))).map((s) => s.id)).toEqual(
      expect.arrayContaining([early.id, late.id]),
    );
    expect(await run(() => repo.moveSlot(early.id, 'taken', 'open'))).toBe(false);
    expect(await run(() => repo.moveSlot(early.id, 'open', 'withdrawn'))).toBe(true);
    expect(await run(() => repo.moveSlot(early.id, 'open', 'taken'))).toBe(false);
    expect((await run(() => repo.findSlot(early.id)))?.status).toBe('withdrawn');
    expect(await run(() => repo.findSlot(randomUUID()))).toBeNull();
  });

  it('stores an interview whole, history included, and saves over it only at the sequence read', async () => {
    const taken = slot({ startsAt: at(40) });
    await run(() => repo.addSlots([taken]));
    const booked = await book(taken);
    expect(await run(() => repo.findById(booked.id))).toEqual(booked);
    const moved: Interview = {
      ...booked,
      startsAt: at(41),
      endsAt: at(41.5),
      sequence: 1,
      history: [
        ...booked.history,
        { at: at(1), action: 'rescheduled', by: 'staff', name: 'Marcel', reason: 'Away; back, soon', startsAt: at(41) },
      ],
      updatedAt: at(1),
    };
    expect(await run(() => repo.save(moved, 0))).toBe(true);
    expect(await run(() => repo.findById(booked.id))).toEqual(moved);
    // someone else's change in between: the sequence read is gone
    expect(await run(() => repo.save({ ...moved, status: 'cancelled' }, 0))).toBe(false);
    expect(await run(() => repo.save({ ...moved, status: 'cancelled', sequence: 1 }, 1))).toBe(true);
    // a cancelled interview changes no more
    expect(await run(() => repo.save({ ...moved, status: 'held' }, 1))).toBe(false);
    expect((await run(() => repo.findById(booked.id)))?.status).toBe('cancelled');
  });

  it('refuses a second booked interview of one application, and of one reviewer at one start, rolling back', async () => {
    const applicationId = randomUUID();
    const [a, b] = [slot({ applicationId, startsAt: at(50) }), slot({ applicationId, startsAt: at(52) })];
    await run(() => repo.addSlots([a, b]));
    await book(a);
    await expect(book(b)).rejects.toMatchObject({ code: 'INTERVIEW_ALREADY_BOOKED' });
    expect((await run(() => repo.findSlot(b.id)))?.status).toBe('open');
    // another applicant's slot of the same reviewer and start
    const other = await h.addUser();
    const same = slot({ applicantId: other, startsAt: at(50) });
    await run(() => repo.addSlots([same]));
    await expect(book(same)).rejects.toMatchObject({ code: 'INTERVIEW_SLOT_TAKEN' });
    expect(await run(() => repo.ofApplicant(other))).toEqual([]);
  });

  it('books one of two applicants taking one reviewer time at once, and one of two slots of one application', async () => {
    const one = await h.addUser();
    const two = await h.addUser();
    const start = at(60);
    const first = slot({ applicantId: one, startsAt: start });
    const second = slot({ applicantId: two, startsAt: start });
    await run(() => repo.addSlots([first, second]));
    const results = await Promise.allSettled([book(first), book(second)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await run(() => repo.bookedOverlapping([reviewer], start, new Date(start.getTime() + 1)))).toHaveLength(1);

    const applicationId = randomUUID();
    const [x, y] = [slot({ applicationId, startsAt: at(62) }), slot({ applicationId, startsAt: at(64) })];
    await run(() => repo.addSlots([x, y]));
    const both = await Promise.allSettled([book(x), book(y)]);
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await run(() => repo.ofApplication(applicationId))).filter((i) => i.status === 'booked')).toHaveLength(1);
  });

  it('lists upcoming by start, or all by the latest start, by status and kind', async () => {
    const mine = await h.addUser();
    const [soon, later] = [
      slot({ applicantId: mine, startsAt: at(70) }),
      slot({ applicantId: mine, startsAt: at(80), kind: 'appeal' }),
    ];
    await run(() => repo.addSlots([soon, later]));
    const a = await book(soon);
    const b = await book(later);
    expect((await run(() => repo.ofApplicant(mine))).map((i) => i.id)).toEqual([b.id, a.id]);
    const upcoming = await run(() => repo.list({ from: at(69), statuses: ['booked'], limit: 100 }));
    expect(upcoming.map((i) => i.id).filter((id) => id === a.id || id === b.id)).toEqual([a.id, b.id]);
    expect((await run(() => repo.list({ from: at(69), kinds: ['appeal'], limit: 100 }))).map((i) => i.id)).toContain(
      b.id,
    );
    expect(
      (await run(() => repo.list({ from: at(69), kinds: ['appeal'], limit: 100 }))).map((i) => i.id),
    ).not.toContain(a.id);
    expect(await run(() => repo.list({ from: at(200), limit: 100 }))).toEqual([]);
    expect(await run(() => repo.bookedOverlapping([], at(0), at(1000)))).toEqual([]);
  });

  it('answers the reminders due once per start: marked once, however many mark at once, and again for a new start', async () => {
    const taken = slot({ startsAt: at(90) });
    await run(() => repo.addSlots([taken]));
    const booked = await book(taken);
    const window = (from: number, to: number) =>
      run(() => repo.dueReminders(at(from), at(to), 100)).then((due) => due.filter((i) => i.id === booked.id));
    expect(await window(89, 89.4)).toEqual([]);
    expect((await window(89.5, 90))[0]?.id).toBe(booked.id);
    const marks = await Promise.all([
      run(() => repo.markReminded(booked.id, taken.startsAt)),
      run(() => repo.markReminded(booked.id, taken.startsAt)),
    ]);
    expect(marks.sort()).toEqual([false, true]);
    expect(await window(89.5, 90)).toEqual([]);
    expect((await run(() => repo.findById(booked.id)))?.remindedFor).toEqual(taken.startsAt);
    // a moved interview is due again for its new start; the old start marks nothing
    const moved = { ...booked, startsAt: at(95), endsAt: at(95.5), sequence: 1, remindedFor: null };
    expect(await run(() => repo.save(moved, 0))).toBe(true);
    expect(await run(() => repo.markReminded(booked.id, taken.startsAt))).toBe(false);
    expect((await window(94.6, 95))[0]?.id).toBe(booked.id);
  });
});
