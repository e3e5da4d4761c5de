import { describe, expect, it } from 'vitest';
import { person, staffAnswers } from '../support/application-builders.ts';
import { coreFixture } from './core-fixture.ts';

describe('submitting a staff application', () => {
  it('files it as pending under the applicant with optional fields left empty as null', async () => {
    const { core } = coreFixture();
    const player = person();
    const application = await core.staffApplications.submit.execute({
      applicant: player,
      answers: staffAnswers({ languages: '  ', references: null }),
    });
    expect(application).toMatchObject({
      status: 'pending',
      userId: player.id,
      discordId: player.discordId,
      languages: null,
      references: null,
      position: 'moderator',
    });
  });

  it.each([
    ['age', { age: 17 }, 'Enter your age (18 or older)'],
    ['age', { age: 66 }, 'Enter your age as a whole number from 18 to 65'],
    ['timezone', { timezone: 'Other' }, 'Choose your time zone'],
    ['position', { position: 'owner' as never }, 'Choose a position'],
    ['scenarios', { scenarios: '' }, 'Tell us how you would handle this situation'],
    ['backgroundCheck', { backgroundCheck: false }, 'Accept a background check of your server history'],
  ] as const)('refuses a bad %s (%o)', async (path, override, message) => {
    const { core } = coreFixture();
    await expect(
      core.staffApplications.submit.execute({ applicant: person(), answers: staffAnswers(override) }),
    ).rejects.toMatchObject({ kind: 'invalid', issues: [{ path, message }] });
  });

  it('allows one open application: pending and under review both count, a decided one does not', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const player = person();
    const admin = person('admin');
    const first = await core.staffApplications.submit.execute({ applicant: player, answers: staffAnswers() });
    await core.staffApplications.review.execute({
      id: first.id,
      status: 'under_review',
      reviewer: admin,
      channel: 'web',
    });
    await expect(
      core.staffApplications.submit.execute({ applicant: player, answers: staffAnswers() }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'STAFF_APPLICATION_ALREADY_OPEN' });
    await core.staffApplications.review.execute({ id: first.id, status: 'denied', reviewer: admin, channel: 'web' });
    // a denied applicant waits 30 days (counted from the decision's day)
    await expect(
      core.staffApplications.submit.execute({ applicant: player, answers: staffAnswers() }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'STAFF_APPLICATION_TOO_SOON' });
    fixture.advance(30 * 24 * 60);
    await expect(
      core.staffApplications.submit.execute({ applicant: player, answers: staffAnswers() }),
    ).resolves.toMatchObject({ status: 'pending' });
  });
});

describe('reviewing a staff application', () => {
  it('goes pending -> under_review -> approved, one audit row per change, reviewer and time recorded', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const admin = person('admin', { username: 'Papa Legba' });
    const application = await core.staffApplications.submit.execute({ applicant: person(), answers: staffAnswers() });
    fixture.advance(60);
    const underReview = await core.staffApplications.review.execute({
      id: application.id,
      status: 'under_review',
      notes: 'Interview Friday',
      reviewer: admin,
      channel: 'web',
    });
    expect(underReview).toMatchObject({
      status: 'under_review',
      reviewNotes: 'Interview Friday',
      reviewedBy: 'Papa Legba',
      reviewedAt: new Date('2026-11-22T13:00:00Z'),
    });
    fixture.advance(60);
    const approved = await core.staffApplications.review.execute({
      id: application.id,
      status: 'approved',
      reviewer: admin,
      channel: 'cli',
    });
    expect(approved).toMatchObject({
      status: 'approved',
      reviewNotes: 'Interview Friday',
      reviewedAt: new Date('2026-11-22T14:00:00Z'),
    });
    expect(
      (await fixture.auditLog.list({ applicationId: application.id })).map((e) => [
        e.fromStatus,
        e.toStatus,
        e.notes,
        e.channel,
      ]),
    ).toEqual([
      ['pending', 'under_review', 'Interview Friday', 'web'],
      ['under_review', 'approved', null, 'cli'],
    ]);
  });

  it('lets pending go straight to a decision and keeps a decision final (409)', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const admin = person('admin');
    const application = await core.staffApplications.submit.execute({ applicant: person(), answers: staffAnswers() });
    await core.staffApplications.review.execute({
      id: application.id,
      status: 'denied',
      notes: 'Not enough time on the server.',
      reviewer: admin,
      channel: 'web',
    });
    for (const status of ['approved', 'under_review', 'denied'] as const) {
      await expect(
        core.staffApplications.review.execute({ id: application.id, status, reviewer: admin, channel: 'web' }),
      ).rejects.toMatchObject({ kind: 'conflict', code: 'STAFF_APPLICATION_TRANSITION' });
    }
    expect(await fixture.auditLog.list()).toHaveLength(1);
  });

  it('refuses under_review twice in a row', async () => {
    const { core } = coreFixture();
    const admin = person('admin');
    const application = await core.staffApplications.submit.execute({ applicant: person(), answers: staffAnswers() });
    await core.staffApplications.review.execute({
      id: application.id,
      status: 'under_review',
      reviewer: admin,
      channel: 'web',
    });
    await expect(
      core.staffApplications.review.execute({
        id: application.id,
        status: 'under_review',
        reviewer: admin,
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'conflict' });
  });

  it("needs the 'review-staff' permission: staff are refused", async () => {
    const { core } = coreFixture();
    const application = await core.staffApplications.submit.execute({ applicant: person(), answers: staffAnswers() });
    await expect(
      core.staffApplications.review.execute({
        id: application.id,
        status: 'approved',
        reviewer: person('staff'),
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('computes currentStaff from the applicant roles', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const existingStaff = person('staff');
    const newcomer = person();
    fixture.staffRoster.staff.add(existingStaff.id);
    await core.staffApplications.submit.execute({
      applicant: existingStaff,
      answers: staffAnswers({ position: 'admin' }),
    });
    await core.staffApplications.submit.execute({ applicant: newcomer, answers: staffAnswers() });
    const { items, counts } = await core.staffApplications.list.execute();
    expect(Object.fromEntries(items.map((a) => [a.userId, a.currentStaff]))).toEqual({
      [existingStaff.id]: true,
      [newcomer.id]: false,
    });
    expect(counts).toEqual({ pending: 2, under_review: 0, approved: 0, denied: 0 });
    expect((await core.staffApplications.list.execute()).positions).toEqual({
      admin: 1,
      moderator: 1,
      support: 0,
      developer: 0,
    });
  });
});
