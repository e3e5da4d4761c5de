import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryApplicationRepository } from '../../adapters/memory/in-memory-application-repository.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import { SubmitApplication } from '../../core/applications/use-cases/submit-application.ts';
import { noDeliveryEffects } from '../../core/delivery/effects.ts';
import { person, storedWhitelistApplication, whitelistAnswers } from '../support/application-builders.ts';
import { coreFixture } from './core-fixture.ts';

describe('submitting a whitelist application', () => {
  it('files it as pending under the applicant, with the answers trimmed', async () => {
    const { core } = coreFixture();
    const player = person();
    const application = await core.applications.submit.execute({
      applicant: player,
      answers: whitelistAnswers({ whyJoinServer: '  The bayou.  ' }),
    });
    expect(application).toMatchObject({
      status: 'pending',
      userId: player.id,
      discordId: player.discordId,
      discordUsername: player.discordUsername,
      whyJoinServer: 'The bayou.',
    });
    expect(application.reviewedAt).toBeNull();
  });

  it.each([
    ['age', { age: 17 }, 'Enter your age (18 or older)'],
    ['age', { age: 100 }, 'Enter your age as a whole number from 18 to 99'],
    ['age', { age: 20.5 }, 'Enter your age as a whole number from 18 to 99'],
    ['hoursPerWeek', { hoursPerWeek: 10 }, 'Choose how many hours a week you can play'],
    ['timezone', { timezone: 'JST' }, 'Choose your time zone'],
    ['characterGoals', { characterGoals: '   ' }, "Tell us your character's goals"],
    ['email', { email: 'not-an-email' }, 'Enter an email address like name@example.com'],
    ['noMetagaming', { noMetagaming: false }, 'Agree not to metagame'],
    ['isEighteenPlus', { isEighteenPlus: false }, 'Confirm that you are 18 or older'],
  ] as const)('refuses a bad %s (%o) and stores nothing', async (path, override, message) => {
    const { core } = coreFixture();
    const player = person();
    await expect(
      core.applications.submit.execute({ applicant: player, answers: whitelistAnswers(override) }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      issues: [{ path, message }],
    });
    expect((await core.applications.list.execute()).total).toBe(0);
  });

  it('accepts every choice of hours and the age limits 18 and 99', async () => {
    const { core } = coreFixture();
    for (const [hoursPerWeek, age] of [
      [5, 18],
      [15, 99],
      [25, 30],
      [35, 40],
    ]) {
      const application = await core.applications.submit.execute({
        applicant: person(),
        answers: whitelistAnswers({ hoursPerWeek, age }),
      });
      expect(application.hoursPerWeek).toBe(hoursPerWeek);
    }
  });

  it('refuses a second pending application from the same applicant, and after a rejection until its week is over', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const player = person();
    const staff = person('staff');
    const first = await core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() });
    await expect(
      core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'APPLICATION_ALREADY_OPEN' });
    await core.applications.review.execute({
      id: first.id,
      status: 'rejected',
      notes: 'Backstory too thin.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });
    // decided on 2026-11-22 at noon: a new one is welcome from 2026-11-29, 00:00 UTC
    fixture.advance(6 * 24 * 60 + 11 * 60 + 59);
    await expect(
      core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'APPLICATION_TOO_SOON',
      message: 'You can send a new whitelist application from November 29, 2026.',
    });
    fixture.advance(1);
    await expect(
      core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() }),
    ).resolves.toMatchObject({ status: 'pending' });
  });

  it('refuses a new application once one was approved (409, nothing stored), however many were rejected before', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const player = person();
    const staff = person('staff');
    const first = await core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() });
    await core.applications.review.execute({
      id: first.id,
      status: 'rejected',
      notes: 'Backstory too thin.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });
    fixture.advance(7 * 24 * 60);
    const second = await core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() });
    await core.applications.review.execute({
      id: second.id,
      status: 'approved',
      notes: 'Much better, welcome.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });

    await expect(
      core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'ALREADY_WHITELISTED',
      message: 'You are already whitelisted.',
    });
    expect((await core.applications.mine.execute({ userId: player.id })).map((a) => a.status)).toEqual([
      'approved',
      'rejected',
    ]);
    expect((await core.applications.list.execute()).total).toBe(2);
    // another player is not affected
    await expect(
      core.applications.submit.execute({ applicant: person(), answers: whitelistAnswers() }),
    ).resolves.toMatchObject({ status: 'pending' });
  });

  it('looks again after the insert, so an approval that lands while the insert waits still refuses it, before Discord hears of it', async () => {
    const repository = new InMemoryApplicationRepository(whitelistKind);
    const player = person();
    const pending = storedWhitelistApplication(player.id, new Date('2026-11-22T11:00:00Z'), {
      discordId: player.discordId,
      discordUsername: player.discordUsername!,
    });
    await repository.add(pending);
    const add = repository.add.bind(repository);
    // the staff member's approval commits while the second insert waits on the pending row
    vi.spyOn(repository, 'add').mockImplementation(async (application) => {
      await repository.saveReview({ ...pending, status: 'approved', reviewedAt: new Date() }, 'pending');
      await add(application);
    });
    const applicationSubmitted = vi.fn(async () => {});
    const submit = new SubmitApplication({
      applications: repository,
      ids: { next: randomUUID },
      clock: { now: () => new Date() },
      transactions: { run: (work) => work() },
      effects: { ...noDeliveryEffects, applicationSubmitted },
      bans: { current: async () => null },
    });

    await expect(submit.execute({ applicant: player, answers: whitelistAnswers() })).rejects.toMatchObject({
      code: 'ALREADY_WHITELISTED',
    });
    expect(applicationSubmitted).not.toHaveBeenCalled();
  });
});

describe('listing whitelist applications', () => {
  it('lists newest first, filters by status, pages, and counts every status', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const staff = person('staff');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await core.applications.submit.execute({ applicant: person(), answers: whitelistAnswers() })).id);
      fixture.advance(1);
    }
    await core.applications.review.execute({
      id: ids[0],
      status: 'approved',
      notes: 'Great backstory.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });
    await core.applications.review.execute({
      id: ids[1],
      status: 'rejected',
      notes: 'Too short answers.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });

    const all = await core.applications.list.execute();
    expect(all.items.map((a) => a.id)).toEqual([...ids].reverse());
    expect(all.counts).toEqual({ pending: 3, approved: 1, rejected: 1 });

    const pending = await core.applications.list.execute({ status: 'pending', page: 1, pageSize: 2 });
    expect(pending).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(pending.items.map((a) => a.id)).toEqual([ids[4], ids[3]]);
    const second = await core.applications.list.execute({ status: 'pending', page: 2, pageSize: 2 });
    expect(second.items.map((a) => a.id)).toEqual([ids[2]]);
  });

  it('shows the applicant only their own applications, newest first', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const player = person();
    const staff = person('staff');
    const first = await core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() });
    await core.applications.review.execute({
      id: first.id,
      status: 'rejected',
      notes: 'Try again later.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });
    fixture.advance(7 * 24 * 60);
    const second = await core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() });
    await core.applications.submit.execute({ applicant: person(), answers: whitelistAnswers() });
    const mine = await core.applications.mine.execute({ userId: player.id });
    expect(mine.map((a) => [a.id, a.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'rejected'],
    ]);
  });

  it('fails with not found for an unknown id', async () => {
    const { core } = coreFixture();
    await expect(core.applications.show.execute({ id: 'f2d1c1e4-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'APPLICATION_NOT_FOUND',
    });
  });
});

describe('reviewing a whitelist application', () => {
  it('records the decision, the reviewer and the time, lets the applicant in, and writes one audit row', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const player = person();
    const staff = person('staff', { username: 'Big Mama' });
    const application = await core.applications.submit.execute({ applicant: player, answers: whitelistAnswers() });
    fixture.advance(30);
    const reviewed = await core.applications.review.execute({
      id: application.id,
      status: 'approved',
      notes: '  Welcome to the bayou!  ',
      notesRequired: true,
      reviewer: staff,
      channel: 'cli',
    });
    expect(reviewed).toMatchObject({
      status: 'approved',
      reviewNotes: 'Welcome to the bayou!',
      reviewedBy: 'Big Mama',
      reviewerId: staff.id,
      reviewedAt: new Date('2026-11-22T12:30:00Z'),
    });
    expect(await core.applications.show.execute({ id: application.id })).toMatchObject({
      status: 'approved',
      reviewedBy: 'Big Mama',
    });
    expect(fixture.whitelistAccess.granted.has(player.id)).toBe(true);
    expect(await fixture.auditLog.list()).toEqual([
      expect.objectContaining({
        kind: 'whitelist',
        applicationId: application.id,
        fromStatus: 'pending',
        toStatus: 'approved',
        notes: 'Welcome to the bayou!',
        reviewerId: staff.id,
        reviewerDiscordId: staff.discordId,
        reviewerName: 'Big Mama',
        channel: 'cli',
        createdAt: new Date('2026-11-22T12:30:00Z'),
      }),
    ]);
  });

  it('does not let a rejected applicant in', async () => {
    const fixture = coreFixture();
    const player = person();
    const application = await fixture.core.applications.submit.execute({
      applicant: player,
      answers: whitelistAnswers(),
    });
    await fixture.core.applications.review.execute({
      id: application.id,
      status: 'rejected',
      notes: null,
      notesRequired: false,
      reviewer: person('admin'),
      channel: 'web',
    });
    expect(fixture.whitelistAccess.granted.size).toBe(0);
  });

  it('refuses notes under 10 characters when notes are required, with its message, and changes nothing', async () => {
    const fixture = coreFixture();
    const application = await fixture.core.applications.submit.execute({
      applicant: person(),
      answers: whitelistAnswers(),
    });
    await expect(
      fixture.core.applications.review.execute({
        id: application.id,
        status: 'approved',
        notes: '123456789',
        notesRequired: true,
        reviewer: person('staff'),
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'invalid', message: 'Review notes must be at least 10 characters' });
    expect((await fixture.core.applications.show.execute({ id: application.id })).status).toBe('pending');
    expect(await fixture.auditLog.list()).toEqual([]);
  });

  it('refuses to decide an application twice (409) and a player reviewer (403)', async () => {
    const fixture = coreFixture();
    const application = await fixture.core.applications.submit.execute({
      applicant: person(),
      answers: whitelistAnswers(),
    });
    await expect(
      fixture.core.applications.review.execute({
        id: application.id,
        status: 'approved',
        notes: 'Looks great to me.',
        notesRequired: true,
        reviewer: person('player'),
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await fixture.core.applications.review.execute({
      id: application.id,
      status: 'approved',
      notes: 'Looks great to me.',
      notesRequired: true,
      reviewer: person('staff'),
      channel: 'web',
    });
    await expect(
      fixture.core.applications.review.execute({
        id: application.id,
        status: 'rejected',
        notes: 'Changed my mind.',
        notesRequired: true,
        reviewer: person('staff'),
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'APPLICATION_NOT_PENDING' });
    expect(await fixture.auditLog.list()).toHaveLength(1);
  });

  it('does not let a staff member decide their own application', async () => {
    const fixture = coreFixture();
    const staff = person('staff');
    const application = await fixture.core.applications.submit.execute({
      applicant: staff,
      answers: whitelistAnswers(),
    });
    await expect(
      fixture.core.applications.review.execute({
        id: application.id,
        status: 'approved',
        notes: 'Approving myself.',
        notesRequired: true,
        reviewer: staff,
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'SELF_REVIEW' });
  });
});
