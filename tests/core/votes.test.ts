import { describe, expect, it } from 'vitest';
import { DEFAULT_QUORUM, type QuorumSettings } from '../../core/applications/model/votes.ts';
import { fillTemplate, reapplyDateFor } from '../../core/applications/model/answer-template.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import type { InterviewGate } from '../../core/applications/ports.ts';
import { createCore } from '../../core/index.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import type { Role } from '../../core/users/model/user.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';
import { appealAnswers, person, staffAnswers, whitelistAnswers } from '../support/application-builders.ts';

/** A reviewer with a role's preset and single permissions on top. */
const reviewer = (role: Role, grant: Permission[] = []) => ({ ...person(role), permissionGrants: grant });

function fixture(options: { quorum?: Partial<QuorumSettings>; interviews?: InterviewGate } = {}) {
  let now = new Date('2026-11-30T12:00:00Z');
  const memory = composeInMemory({
    clock: { now: () => new Date(now) },
    discord: { bot: true, staffChannel: false },
    quorum: { ...DEFAULT_QUORUM, ...options.quorum },
    // no kind waits for an interview unless a test gives its own gate
    interviewsRequiredFor: [],
    ...(options.interviews ? { interviews: options.interviews } : {}),
  });
  const { core, stores, ports } = memory;
  return {
    core,
    stores,
    ports,
    advance: (hours: number) => {
      now = new Date(now.getTime() + hours * 3_600_000);
    },
    staffApplication: async (applicant = person()) =>
      core.staffApplications.submit.execute({ applicant, answers: staffAnswers() }),
    whitelistApplication: async (applicant = person()) =>
      core.applications.submit.execute({ applicant, answers: whitelistAnswers() }),
    /** the direct messages the applicant was sent about a decision */
    toldOf: async (userId: string) =>
      (await stores.outbox.forUser(userId, 50)).filter((row) => row.kind === 'message_user').map((row) => row.content),
  };
}

describe('votes toward a quorum', () => {
  it('decides a staff application once two reviewers approve, telling the applicant once, as a single review did', async () => {
    const f = fixture();
    const application = await f.staffApplication();
    const [first, second, third] = [1, 2, 3].map(() => reviewer('staff', ['review-staff']));
    const one = await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'approve',
      note: 'Strong answers on the scenarios.',
      reviewer: first,
      channel: 'web',
    });
    expect(one.decided).toBe(false);
    expect(one.application.status).toBe('pending');
    expect(one.application.votes).toMatchObject({ quorum: 2, cast: 1, count: { approve: 1, deny: 0, abstain: 0 } });
    expect(await f.toldOf(application.userId)).toEqual([]);

    const two = await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'approve',
      applicantMessage: 'Welcome aboard, cher.',
      reviewer: second,
      channel: 'web',
    });
    expect(two.decided).toBe(true);
    expect(two.application).toMatchObject({ status: 'approved', applicantMessage: 'Welcome aboard, cher.' });
    expect(two.application.reviewerId).toBe(second.id);
    const told = await f.toldOf(application.userId);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('was approved');
    expect(told[0]).toContain('Welcome aboard, cher.');
    // one decision in the audit log, by the reviewer whose vote took it
    const history = await f.core.audit.list.execute({ kind: 'staff', applicationId: application.id });
    expect(history.map((entry) => [entry.toStatus, entry.reviewerId])).toEqual([['approved', second.id]]);

    // a vote on a decided application is refused, and changes nothing
    await expect(
      f.core.staffApplications.vote.execute({ id: application.id, choice: 'deny', reviewer: third, channel: 'web' }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'STAFF_APPLICATION_TRANSITION' });
    await expect(
      f.core.staffApplications.vote.execute({ id: application.id, choice: 'abstain', reviewer: third, channel: 'web' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect((await f.core.staffApplications.show.execute({ id: application.id })).votes?.cast).toBe(2);
  });

  it('refuses as many denials as the quorum asks, and an abstention never decides', async () => {
    const f = fixture();
    const application = await f.staffApplication();
    const vote = (choice: 'approve' | 'deny' | 'abstain') =>
      f.core.staffApplications.vote.execute({
        id: application.id,
        choice,
        reviewer: reviewer('staff', ['review-staff']),
        channel: 'web',
      });
    expect((await vote('abstain')).decided).toBe(false);
    expect((await vote('abstain')).decided).toBe(false);
    expect((await vote('deny')).decided).toBe(false);
    const split = await vote('approve');
    expect(split.decided).toBe(false);
    expect(split.application.votes?.count).toEqual({ approve: 1, deny: 1, abstain: 2 });
    const last = await vote('deny');
    expect(last).toMatchObject({ decided: true, application: { status: 'denied' } });
    expect(await f.toldOf(application.userId)).toEqual([expect.stringContaining('was not accepted this time')]);
  });

  it('lets a reviewer holding decide-alone decide at once, and a vote only ever decides its own way', async () => {
    const f = fixture({ quorum: { whitelist: { approvals: 3, votesVisibleBeforeVoting: true } } });
    const decided = await f.whitelistApplication();
    const admin = reviewer('admin');
    const result = await f.core.applications.vote.execute({
      id: decided.id,
      choice: 'deny',
      note: 'Backstory copied from another server.',
      reviewer: admin,
      channel: 'cli',
    });
    expect(result).toMatchObject({ decided: true, application: { status: 'rejected' } });

    // two approvals stand when the quorum is 3; a denial afterwards does not approve, whatever the count
    const open = await f.whitelistApplication();
    for (const approval of [1, 2]) {
      const result = await f.core.applications.vote.execute({
        id: open.id,
        choice: 'approve',
        reviewer: reviewer('staff'),
        channel: 'web',
      });
      expect(result.decided, `approval ${approval}`).toBe(false);
    }
    // the owner lowers the quorum to 2 (a restart with QUORUM_WHITELIST=2): a denial does not approve it
    const lowered = createCore({
      ...f.ports,
      applications: {
        ...f.ports.applications,
        quorum: { ...DEFAULT_QUORUM, whitelist: { approvals: 2, votesVisibleBeforeVoting: true } },
      },
    });
    const denial = await lowered.applications.vote.execute({
      id: open.id,
      choice: 'deny',
      reviewer: reviewer('staff'),
      channel: 'web',
    });
    expect(denial).toMatchObject({ decided: false, application: { status: 'pending' } });
    const approval = await lowered.applications.vote.execute({
      id: open.id,
      choice: 'approve',
      reviewer: reviewer('staff'),
      channel: 'web',
    });
    expect(approval).toMatchObject({ decided: true, application: { status: 'approved' } });
  });

  it('keeps the review path: with the default quorums a staff member still decides a whitelist application alone', async () => {
    const f = fixture();
    const application = await f.whitelistApplication();
    const reviewed = await f.core.applications.review.execute({
      id: application.id,
      status: 'approved',
      notes: 'Knows the rules, good backstory.',
      notesRequired: true,
      reviewer: reviewer('staff'),
      channel: 'web',
    });
    expect(reviewed.status).toBe('approved');
    expect(reviewed.votes).toMatchObject({ quorum: 1, cast: 1, mine: 'approve' });
    expect(f.stores.whitelistAccess.granted.has(application.userId)).toBe(true);
  });

  it("refuses a second vote, a vote on one's own application, and a reviewer of another kind", async () => {
    const f = fixture();
    const staffer = reviewer('staff', ['review-staff']);
    const application = await f.staffApplication();
    await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'abstain',
      reviewer: staffer,
      channel: 'web',
    });
    await expect(
      f.core.staffApplications.vote.execute({
        id: application.id,
        choice: 'approve',
        reviewer: staffer,
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'STAFF_APPLICATION_ALREADY_VOTED' });

    const own = await f.staffApplication(staffer);
    await expect(
      f.core.staffApplications.vote.execute({ id: own.id, choice: 'approve', reviewer: staffer, channel: 'web' }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'SELF_REVIEW' });

    // the staff preset reviews whitelist applications, not staff applications
    await expect(
      f.core.staffApplications.vote.execute({
        id: application.id,
        choice: 'approve',
        reviewer: reviewer('staff'),
        channel: 'web',
      }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'PERMISSION_REQUIRED' });
    expect((await f.core.staffApplications.show.execute({ id: application.id })).votes?.cast).toBe(1);
  });

  it("hides the others' votes from a reviewer who has not voted, where the kind says so", async () => {
    const f = fixture({ quorum: { staff: { approvals: 3, votesVisibleBeforeVoting: false } } });
    const application = await f.staffApplication();
    const [first, second] = [1, 2].map(() => reviewer('staff', ['review-staff']));
    await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'deny',
      note: 'Too new to the server.',
      reviewer: first,
      channel: 'web',
    });
    const before = await f.core.staffApplications.show.execute({ id: application.id, reader: second });
    expect(before.votes).toMatchObject({ cast: 1, visible: false, count: null, votes: [], mine: null });
    const listed = await f.core.staffApplications.list.execute({ reader: second });
    expect(listed.items[0]?.votes).toMatchObject({ cast: 1, count: null });
    const after = await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'approve',
      reviewer: second,
      channel: 'web',
    });
    expect(after.application.votes).toMatchObject({
      visible: true,
      count: { approve: 1, deny: 1, abstain: 0 },
      mine: 'approve',
    });
    expect(after.application.votes?.votes.map((vote) => [vote.reviewerName, vote.choice, vote.note])).toEqual([
      [first.discordUsername, 'deny', 'Too new to the server.'],
      [second.discordUsername, 'approve', null],
    ]);
    // the terminal is no reviewer: it reads every vote
    expect((await f.core.staffApplications.show.execute({ id: application.id })).votes?.visible).toBe(true);
  });

  it('lets an interview gate hold an approval back (409, nothing recorded), never a denial', async () => {
    const f = fixture({
      interviews: {
        blocksDecision: async (kind) => (kind === 'staff' ? 'The interview has not taken place yet.' : null),
      },
    });
    const application = await f.staffApplication();
    await expect(
      f.core.staffApplications.vote.execute({
        id: application.id,
        choice: 'approve',
        reviewer: reviewer('admin'),
        channel: 'web',
      }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'APPROVAL_BLOCKED',
      message: 'The interview has not taken place yet.',
    });
    expect((await f.core.staffApplications.show.execute({ id: application.id })).votes?.cast).toBe(0);
    // an approval short of the quorum decides nothing, so nothing holds it back
    const vote = await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'approve',
      reviewer: reviewer('staff', ['review-staff']),
      channel: 'web',
    });
    expect(vote.decided).toBe(false);
    const denied = await f.core.staffApplications.vote.execute({
      id: application.id,
      choice: 'deny',
      reviewer: reviewer('admin'),
      channel: 'web',
    });
    expect(denied.application.status).toBe('denied');
  });

  it('rolls the vote back with a refusal of an appeal that carries no message for the player', async () => {
    const f = fixture();
    const player = person();
    const appeal = await f.core.appeals.submit.execute({
      applicant: player,
      answers: appealAnswers({ ban: 'in-game', banReference: 'BAN-7' }),
    });
    const staffer = reviewer('staff');
    await expect(
      f.core.appeals.vote.execute({ id: appeal.id, choice: 'deny', reviewer: staffer, channel: 'web' }),
    ).rejects.toMatchObject({ kind: 'invalid', code: 'APPEAL_MESSAGE_REQUIRED' });
    const retried = await f.core.appeals.vote.execute({
      id: appeal.id,
      choice: 'deny',
      applicantMessage: 'The clip shows you firing first.',
      reviewer: staffer,
      channel: 'web',
    });
    expect(retried).toMatchObject({ decided: true, application: { status: 'denied' } });
  });
});

describe('answer templates', () => {
  const template = {
    kind: 'whitelist' as const,
    decision: 'deny' as const,
    name: 'Backstory too short',
    body: 'Hi {player}, your backstory needs more detail. You can apply again from {reapplyDate}.',
  };

  it('are written by those who manage them, read by the kind’s reviewers, one name per kind and decision', async () => {
    const f = fixture();
    const admin = reviewer('admin');
    const saved = await f.core.answerTemplates.save.execute({ template, actor: admin });
    expect(saved).toMatchObject({ ...template, updatedBy: admin.discordUsername });
    await expect(
      f.core.answerTemplates.save.execute({ template: { ...template, name: 'BACKSTORY TOO SHORT' }, actor: admin }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'ANSWER_TEMPLATE_NAME_TAKEN' });
    // the same name under the other decision is another template
    await f.core.answerTemplates.save.execute({
      template: { ...template, decision: 'approve', body: 'Welcome, {player}!' },
      actor: admin,
    });
    await expect(f.core.answerTemplates.save.execute({ template, actor: reviewer('staff') })).rejects.toMatchObject({
      kind: 'forbidden',
    });

    const forStaff = await f.core.applications.templates.execute({ kind: 'whitelist', reader: reviewer('staff') });
    expect(forStaff.map((each) => [each.decision, each.name])).toEqual([
      ['approve', 'Backstory too short'],
      ['deny', 'Backstory too short'],
    ]);
    await expect(
      f.core.staffApplications.templates.execute({ kind: 'staff', reader: reviewer('staff') }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(f.core.answerTemplates.list.execute({ reader: reviewer('staff') })).rejects.toMatchObject({
      kind: 'forbidden',
    });

    const changed = await f.core.answerTemplates.save.execute({
      id: saved.id,
      template: { ...template, body: 'Sorry {player}.' },
      actor: admin,
    });
    expect(changed.body).toBe('Sorry {player}.');
    await f.core.answerTemplates.remove.execute({ id: saved.id, actor: admin });
    await expect(f.core.answerTemplates.remove.execute({ id: saved.id, actor: admin })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it.each([
    [{ body: 'Hi {name}' }, '{name} is not a placeholder: use {player} or {reapplyDate}'],
    [
      { decision: 'approve', body: 'See you {reapplyDate}' },
      'An approval has no date to apply again from: remove {reapplyDate}',
    ],
    [{ name: '   ' }, 'Name the template'],
    [{ body: 'x'.repeat(1001) }, 'The message can be at most 1000 characters'],
    [{ kind: 'gang' }, 'Choose whitelist, staff or appeal'],
  ])('refuses %o with a message saying why, storing nothing', async (change, message) => {
    const f = fixture();
    await expect(
      f.core.answerTemplates.save.execute({ template: { ...template, ...change } as never, actor: reviewer('admin') }),
    ).rejects.toMatchObject({ kind: 'invalid', issues: [expect.objectContaining({ message })] });
    expect(await f.core.answerTemplates.list.execute({ reader: reviewer('admin') })).toEqual([]);
  });

  it('fill in the player and the day a refusal decided now lets them apply again', () => {
    const decidedAt = new Date('2026-11-30T18:00:00Z');
    expect(fillTemplate(template.body, { player: 'Remy', reapplyDate: reapplyDateFor(whitelistKind, decidedAt) })).toBe(
      'Hi Remy, your backstory needs more detail. You can apply again from December 7, 2026.',
    );
  });
});

describe('reviewer figures', () => {
  it('count votes per reviewer with the median time to vote and agreement, and decisions per kind', async () => {
    const f = fixture();
    const [ana, ben] = [reviewer('staff', ['review-staff']), reviewer('staff', ['review-staff'])];
    const approved = await f.staffApplication();
    const refused = await f.staffApplication();
    f.advance(10);
    await f.core.staffApplications.vote.execute({ id: approved.id, choice: 'approve', reviewer: ana, channel: 'web' });
    await f.core.staffApplications.vote.execute({ id: refused.id, choice: 'approve', reviewer: ana, channel: 'web' });
    f.advance(50);
    await f.core.staffApplications.vote.execute({ id: approved.id, choice: 'approve', reviewer: ben, channel: 'web' });
    await f.core.staffApplications.vote.execute({ id: refused.id, choice: 'deny', reviewer: ben, channel: 'web' });
    await f.core.staffApplications.vote.execute({
      id: refused.id,
      choice: 'deny',
      reviewer: reviewer('admin'),
      channel: 'web',
    });
    f.advance(1);
    const figures = await f.core.dashboard.reviewers.execute({ days: 30 });
    const byName = Object.fromEntries(figures.reviewers.map((row) => [row.name, row]));
    expect(byName[ana.discordUsername!]).toMatchObject({
      votes: 2,
      medianHoursToVote: 10,
      judged: 2,
      agreementPercent: 50,
    });
    expect(byName[ben.discordUsername!]).toMatchObject({ votes: 2, medianHoursToVote: 60, agreementPercent: 100 });
    expect(figures.kinds).toEqual([
      { kind: 'whitelist', decided: 0, medianHoursToDecision: null, within48HoursPercent: null },
      { kind: 'staff', decided: 2, medianHoursToDecision: 60, within48HoursPercent: 0 },
      { kind: 'appeal', decided: 0, medianHoursToDecision: null, within48HoursPercent: null },
    ]);
  });
});
