import { describe, expect, it } from 'vitest';
import { interviewFixture } from '../support/interview-builders.ts';

/** a staff applicant, an admin who interviews, and a staff application waiting */
async function staffCase() {
  const f = interviewFixture();
  const applicant = await f.account('remy');
  const admin = await f.account('Marcel', 'admin');
  const application = await f.apply.staff(applicant);
  const offer = (times: number[], by = admin, reviewerId?: string) =>
    f.core.interviews.offer.execute({
      kind: 'staff',
      applicationId: application.id,
      actor: by,
      reviewerId,
      slots: times.map((minutes) => ({ startsAt: f.inMinutes(minutes), minutes: 30 })),
    });
  const staffSide = { side: 'staff' as const, kind: 'staff' as const, applicationId: application.id };
  /** the applicant moves their interview to another time offered */
  const moveMine = (interviewId: string, slotId: string, reason: string) =>
    f.core.interviews.reschedule.execute({ interviewId, actor: applicant, as: { side: 'applicant' }, slotId, reason });
  return { ...f, applicant, admin, application, offer, staffSide, moveMine };
}

describe('offering interview times', () => {
  it('offers times held by a reviewer of the kind, and tells the applicant on Discord', async () => {
    const { core, offer, applicant, application, messages } = await staffCase();
    const slots = await offer([24 * 60, 25 * 60]);
    expect(slots).toMatchObject([
      { status: 'open', reviewerName: 'Marcel', applicantId: applicant.id },
      { status: 'open', reviewerName: 'Marcel' },
    ]);
    const [told] = await messages();
    expect(told).toMatchObject({ userId: applicant.id, discordId: applicant.discordId, status: 'pending' });
    expect(told?.content).toContain('Staff offered you 2 interview times for your staff application');
    expect(told?.content).toContain('http://localhost:3000/account');
    const mine = await core.interviews.showMine.execute({ userId: applicant.id });
    expect(mine).toMatchObject([{ kind: 'staff', applicationId: application.id, required: true, open: true }]);
    expect(mine[0]?.slots.map((slot) => slot.id)).toEqual(slots.map((slot) => slot.id));
  });

  it("refuses a reviewer of another kind, one's own application, a reviewer without the permission, and bad times", async () => {
    const f = await staffCase();
    const whitelistStaff = await f.account('Odile', 'staff');
    await expect(f.offer([120], whitelistStaff)).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'PERMISSION_REQUIRED',
    });
    await expect(f.offer([120], f.admin, whitelistStaff.id)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'INTERVIEW_REVIEWER_INVALID',
    });
    // an admin applying to the staff cannot interview themselves
    const ownApplication = await f.apply.staff(f.admin);
    await expect(
      f.core.interviews.offer.execute({
        kind: 'staff',
        applicationId: ownApplication.id,
        actor: f.admin,
        slots: [{ startsAt: f.inMinutes(120), minutes: 30 }],
      }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'INTERVIEW_OWN_APPLICATION' });
    await expect(f.offer([59])).rejects.toMatchObject({ kind: 'invalid', code: 'INTERVIEW_TIME_INVALID' });
    await expect(f.offer([91 * 24 * 60])).rejects.toMatchObject({ code: 'INTERVIEW_TIME_INVALID' });
    await expect(f.offer([120, 140])).rejects.toMatchObject({ code: 'INTERVIEW_TIME_INVALID' });
    // a whitelist application's id is not a staff application
    const whitelist = await f.apply.whitelist(await f.account('lou'));
    await expect(
      f.core.interviews.offer.execute({
        kind: 'staff',
        applicationId: whitelist.id,
        actor: f.admin,
        slots: [{ startsAt: f.inMinutes(120), minutes: 30 }],
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    // nothing was offered by the refusals
    expect(await f.core.interviews.showMine.execute({ userId: f.applicant.id })).toEqual([]);
  });
});

describe('booking', () => {
  it('books an offered time, tells both sides, and refuses a second booking for the same application', async () => {
    const f = await staffCase();
    const [first, second] = await f.offer([24 * 60, 26 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: first!.id, actor: f.applicant });
    expect(booked).toMatchObject({ status: 'booked', startsAt: first!.startsAt, reviewerId: f.admin.id, sequence: 0 });
    const told = (await f.messages()).filter((message) => message.content?.includes('booked'));
    expect(told.map((message) => message.userId).sort()).toEqual([f.applicant.id, f.admin.id].sort());
    const toApplicant = told.find((message) => message.userId === f.applicant.id)?.content;
    expect(toApplicant).toContain('Your staff application interview is booked');
    expect(toApplicant).toContain(`<t:${Math.floor(first!.startsAt.getTime() / 1000)}:F>`);
    expect(toApplicant).toContain(`http://localhost:3000/api/interviews/${booked.id}/calendar.ics`);
    expect(told.find((message) => message.userId === f.admin.id)?.content).toContain(
      "Interview booked: remy's staff application",
    );
    await expect(f.core.interviews.book.execute({ slotId: second!.id, actor: f.applicant })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'INTERVIEW_ALREADY_BOOKED',
    });
  });

  it("answers another player's slot as not found, and changes nothing", async () => {
    const f = await staffCase();
    const [slot] = await f.offer([24 * 60]);
    const other = await f.account('intruder');
    await expect(f.core.interviews.book.execute({ slotId: slot!.id, actor: other })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'INTERVIEW_SLOT_NOT_FOUND',
    });
    expect((await f.core.interviews.showMine.execute({ userId: f.applicant.id }))[0]?.interviews).toEqual([]);
  });

  it("gives one reviewer's time to the first of two applicants offered it, and shows it taken to the other", async () => {
    const f = await staffCase();
    const other = await f.account('celeste');
    const otherApplication = await f.apply.staff(other);
    const at = f.inMinutes(48 * 60);
    const [mine] = await f.offer([48 * 60]);
    const [theirs] = await f.core.interviews.offer.execute({
      kind: 'staff',
      applicationId: otherApplication.id,
      actor: f.admin,
      slots: [{ startsAt: at, minutes: 30 }],
    });
    const results = await Promise.allSettled([
      f.core.interviews.book.execute({ slotId: mine!.id, actor: f.applicant }),
      f.core.interviews.book.execute({ slotId: theirs!.id, actor: other }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'INTERVIEW_SLOT_TAKEN',
    });
    const loser = results[0]?.status === 'rejected' ? other : f.applicant;
    const view = await f.core.interviews.showMine.execute({ userId: loser.id });
    // the time taken by the other is not offered to them any more
    expect(view.flatMap((entry) => entry.slots)).toEqual([]);
  });

  it("books one of an applicant's two times asked at once", async () => {
    const f = await staffCase();
    const [a, b] = await f.offer([24 * 60, 30 * 60]);
    const results = await Promise.allSettled([
      f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant }),
      f.core.interviews.book.execute({ slotId: b!.id, actor: f.applicant }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [entry] = await f.core.interviews.showMine.execute({ userId: f.applicant.id });
    expect(entry?.interviews.filter((interview) => interview.status === 'booked')).toHaveLength(1);
  });
});

describe('rescheduling and cancelling', () => {
  it('lets the applicant move to another offered time with a reason; the time left is offered again', async () => {
    const f = await staffCase();
    const [a, b] = await f.offer([24 * 60, 30 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    await expect(f.moveMine(booked.id, b!.id, ' ')).rejects.toMatchObject({
      kind: 'invalid',
      code: 'INTERVIEW_REASON_INVALID',
      issues: [{ path: 'reason' }],
    });
    const moved = await f.moveMine(booked.id, b!.id, 'Work shift moved');
    expect(moved).toMatchObject({ id: booked.id, startsAt: b!.startsAt, sequence: 1, slotId: b!.id });
    expect(moved.history.map((step) => [step.action, step.by, step.reason])).toEqual([
      ['booked', 'applicant', null],
      ['rescheduled', 'applicant', 'Work shift moved'],
    ]);
    const [entry] = await f.core.interviews.showMine.execute({ userId: f.applicant.id });
    expect(entry?.slots.map((slot) => slot.id)).toEqual([a!.id]);
    const told = (await f.messages()).filter((message) => message.content?.includes('moved to'));
    expect(told.map((message) => message.userId).sort()).toEqual([f.applicant.id, f.admin.id].sort());
    expect(told.find((message) => message.userId === f.admin.id)?.content).toContain(
      'remy (the applicant) gave this reason: Work shift moved',
    );
  });

  it('lets staff move it to a new time with another reviewer, who holds no other interview then', async () => {
    const f = await staffCase();
    const other = await f.account('Baptiste', 'staff', ['review-staff']);
    const [a] = await f.offer([24 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    const moved = await f.core.interviews.reschedule.execute({
      interviewId: booked.id,
      actor: f.admin,
      as: f.staffSide,
      startsAt: f.inMinutes(50 * 60),
      reviewerId: other.id,
      reason: 'Marcel is away that week',
    });
    expect(moved).toMatchObject({ reviewerId: other.id, reviewerName: 'Baptiste', sequence: 1, status: 'booked' });
    // the reviewer left behind hears it too
    expect(
      (await f.messages()).some(
        (message) => message.userId === f.admin.id && message.content?.includes('now held by Baptiste'),
      ),
    ).toBe(true);
    await expect(
      f.core.interviews.reschedule.execute({
        interviewId: booked.id,
        actor: f.admin,
        as: f.staffSide,
        startsAt: f.inMinutes(30),
        reason: 'Sooner is better',
      }),
    ).rejects.toMatchObject({ code: 'INTERVIEW_TIME_INVALID', issues: [{ path: 'startsAt' }] });
  });

  it('cancels from either side with a reason: the applicant may book again, staff take the time back', async () => {
    const f = await staffCase();
    const [a] = await f.offer([24 * 60]);
    const first = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    const cancelled = await f.core.interviews.cancel.execute({
      interviewId: first.id,
      actor: f.applicant,
      as: { side: 'applicant' },
      reason: 'Family emergency',
    });
    expect(cancelled.status).toBe('cancelled');
    const again = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    await f.core.interviews.cancel.execute({
      interviewId: again.id,
      actor: f.admin,
      as: f.staffSide,
      reason: 'The position is filled',
    });
    const [entry] = await f.core.interviews.showMine.execute({ userId: f.applicant.id });
    expect(entry?.slots).toEqual([]);
    expect(entry?.interviews.map((interview) => interview.status)).toEqual(['cancelled', 'cancelled']);
    const told = (await f.messages()).filter((message) => message.content?.includes('is cancelled'));
    const about = (reason: string) =>
      told
        .filter((message) => message.content?.includes(reason))
        .map((message) => message.userId)
        .sort();
    expect(about('remy (the applicant) gave this reason: Family emergency')).toEqual(
      [f.applicant.id, f.admin.id].sort(),
    );
    expect(about('Marcel gave this reason: The position is filled')).toEqual([f.applicant.id, f.admin.id].sort());
    // a cancelled interview does not move or cancel again
    await expect(
      f.core.interviews.cancel.execute({
        interviewId: again.id,
        actor: f.applicant,
        as: { side: 'applicant' },
        reason: 'Again',
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'INTERVIEW_NOT_BOOKED' });
  });

  it('neither moves nor cancels an interview that has started, and keeps other players out', async () => {
    const f = await staffCase();
    const [a, b] = await f.offer([2 * 60, 30 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    const stranger = await f.account('stranger');
    await expect(
      f.core.interviews.cancel.execute({
        interviewId: booked.id,
        actor: stranger,
        as: { side: 'applicant' },
        reason: 'Nope',
      }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'INTERVIEW_NOT_FOUND' });
    f.advance(2 * 60);
    await expect(f.moveMine(booked.id, b!.id, 'Too late now')).rejects.toMatchObject({
      kind: 'conflict',
      code: 'INTERVIEW_STARTED',
    });
  });
});

describe('the outcome and the decision it unlocks', () => {
  it('is recorded once the interview has started; until one is held, a staff approval waits', async () => {
    const f = await staffCase();
    const [a] = await f.offer([2 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    const record = (outcome: 'held' | 'no_show') =>
      f.core.interviews.recordOutcome.execute({
        kind: 'staff',
        applicationId: f.application.id,
        interviewId: booked.id,
        actor: f.admin,
        outcome,
        notes: 'Calm, knows the rules',
      });
    expect(await f.core.interviews.blocksDecision('staff', f.application.id)).toBe(
      'This staff application needs an interview first.',
    );
    await expect(record('held')).rejects.toMatchObject({ kind: 'conflict', code: 'INTERVIEW_NOT_STARTED' });
    f.advance(2 * 60);
    const held = await record('held');
    expect(held).toMatchObject({ status: 'held', notes: 'Calm, knows the rules' });
    // staff's notes stay out of the history the applicant reads
    expect(held.history.at(-1)).toMatchObject({ action: 'held', by: 'staff', reason: null });
    expect(await f.core.interviews.blocksDecision('staff', f.application.id)).toBeNull();
    await expect(record('no_show')).rejects.toMatchObject({ code: 'INTERVIEW_NOT_BOOKED' });
  });

  it('records a no-show, which does not unlock the decision; a kind not configured never waits', async () => {
    const f = await staffCase();
    const [a] = await f.offer([60]);
    const booked = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    f.advance(75);
    const whitelistStaff = await f.account('Odile', 'staff');
    await expect(
      f.core.interviews.recordOutcome.execute({
        kind: 'staff',
        applicationId: f.application.id,
        interviewId: booked.id,
        actor: whitelistStaff,
        outcome: 'no_show',
      }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await f.core.interviews.recordOutcome.execute({
      kind: 'staff',
      applicationId: f.application.id,
      interviewId: booked.id,
      actor: f.admin,
      outcome: 'no_show',
    });
    expect(await f.core.interviews.blocksDecision('staff', f.application.id)).not.toBeNull();
    const whitelist = await f.apply.whitelist(await f.account('lou'));
    expect(await f.core.interviews.blocksDecision('whitelist', whitelist.id)).toBeNull();
    const strict = interviewFixture({ interviewsRequiredFor: ['whitelist', 'staff', 'appeal'] });
    const appeal = await strict.apply.appeal(await strict.account('banned-once'));
    expect(await strict.core.interviews.blocksDecision('appeal', appeal.id)).toBe(
      'This ban appeal needs an interview first.',
    );
  });
});

describe('a decision ends the interviews still to come', () => {
  it('cancels the booked interview with the reason for both sides, and withdraws the times still offered', async () => {
    const f = await staffCase();
    const [first, second] = await f.offer([24 * 60, 26 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: first!.id, actor: f.applicant });
    // a put under review decides nothing: the interview stays
    await f.core.staffApplications.review.execute({
      id: f.application.id,
      status: 'under_review',
      reviewer: f.admin,
      channel: 'web',
    });
    expect((await f.core.interviews.showMine.execute({ userId: f.applicant.id }))[0]?.interviews).toMatchObject([
      { id: booked.id, status: 'booked' },
    ]);
    await f.core.staffApplications.review.execute({
      id: f.application.id,
      status: 'denied',
      reviewer: f.admin,
      channel: 'web',
    });
    const [mine] = await f.core.interviews.showMine.execute({ userId: f.applicant.id });
    expect(mine).toMatchObject({ open: false, interviews: [{ id: booked.id, status: 'cancelled' }] });
    expect(mine?.interviews[0]?.history.at(-1)).toMatchObject({
      action: 'cancelled',
      by: 'staff',
      name: 'Marcel',
      reason: 'The application was decided.',
    });
    const staffView = await f.core.interviews.showForApplication.execute({
      kind: 'staff',
      applicationId: f.application.id,
      actor: f.admin,
    });
    expect(staffView.slots.map((slot) => [slot.id, slot.status])).toEqual([
      [first!.id, 'withdrawn'],
      [second!.id, 'withdrawn'],
    ]);
    const told = (await f.messages()).filter((message) => message.content?.includes('is cancelled'));
    expect(told.map((message) => message.userId).sort()).toEqual([f.applicant.id, f.admin.id].sort());
    expect(told.every((message) => message.content?.includes('The application was decided.'))).toBe(true);
  });

  it('leaves an interview that has started for its outcome', async () => {
    const f = await staffCase();
    const [slot] = await f.offer([60]);
    const booked = await f.core.interviews.book.execute({ slotId: slot!.id, actor: f.applicant });
    f.advance(70);
    await f.core.staffApplications.review.execute({
      id: f.application.id,
      status: 'denied',
      reviewer: f.admin,
      channel: 'web',
    });
    const [mine] = await f.core.interviews.showMine.execute({ userId: f.applicant.id });
    expect(mine?.interviews).toMatchObject([{ id: booked.id, status: 'booked' }]);
    expect((await f.messages()).some((message) => message.content?.includes('is cancelled'))).toBe(false);
  });
});

describe('the reminder 30 minutes before', () => {
  it('is written once per interview and time, sent to both, and again for a new time', async () => {
    const f = await staffCase();
    const [a, b] = await f.offer([3 * 60, 6 * 60]);
    const booked = await f.core.interviews.book.execute({ slotId: a!.id, actor: f.applicant });
    const reminders = async () => (await f.messages()).filter((message) => message.content?.startsWith('Reminder:'));
    const pass = () => f.core.interviews.sendReminders.execute();

    f.setNow(new Date(a!.startsAt.getTime() - 31 * 60_000));
    expect(await pass()).toEqual({ reminded: 0 });
    f.advance(1);
    expect(await pass()).toEqual({ reminded: 1 });
    const written = await reminders();
    expect(written.map((message) => [message.userId, message.dedupeKey])).toEqual(
      expect.arrayContaining([
        [f.applicant.id, `message:interview:${booked.id}:reminder:${a!.startsAt.toISOString()}:applicant`],
        [f.admin.id, `message:interview:${booked.id}:reminder:${a!.startsAt.toISOString()}:reviewer`],
      ]),
    );
    expect(written).toHaveLength(2);
    expect(written.find((message) => message.userId === f.applicant.id)?.content).toContain(
      'your staff application interview with Marcel starts',
    );
    // passes at once and later write nothing more
    expect(await Promise.all([pass(), pass()])).toEqual([{ reminded: 0 }, { reminded: 0 }]);
    f.advance(10);
    expect(await pass()).toEqual({ reminded: 0 });
    // the delivery worker sends each once to the member's Discord
    await f.core.delivery.deliverDue.execute();
    await f.core.delivery.deliverDue.execute();
    const sent = f.memory.discord.calls.filter(
      (call) => call.kind === 'message' && call.content.startsWith('Reminder:'),
    );
    expect(sent.map((call) => (call as { discordId: string }).discordId).sort()).toEqual(
      [f.applicant.discordId, f.admin.discordId].sort(),
    );

    // moved to the other time: reminded again, 30 minutes before that one
    await f.moveMine(booked.id, b!.id, 'Running late');
    f.setNow(new Date(b!.startsAt.getTime() - 30 * 60_000));
    expect(await pass()).toEqual({ reminded: 1 });
    expect(await reminders()).toHaveLength(4);
    // once it has started, nothing is reminded
    f.setNow(new Date(b!.startsAt.getTime() + 60_000));
    expect(await pass()).toEqual({ reminded: 0 });
  });
});
