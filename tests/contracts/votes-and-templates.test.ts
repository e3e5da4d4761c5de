import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AnswerTemplate } from '../../core/applications/model/answer-template.ts';
import { staffKind, type StaffApplication } from '../../core/applications/model/kinds/staff.ts';
import { whitelistKind, type WhitelistApplication } from '../../core/applications/model/kinds/whitelist.ts';
import type { Vote } from '../../core/applications/model/votes.ts';
import type { AnswerTemplateRepository, ApplicationRepository, VoteRepository } from '../../core/applications/ports.ts';
import type { DashboardFigures } from '../../core/dashboard/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryAnswerTemplateRepository } from '../../adapters/memory/in-memory-answer-template-repository.ts';
import { InMemoryApplicationRepository } from '../../adapters/memory/in-memory-application-repository.ts';
import { InMemoryDashboardFigures } from '../../adapters/memory/in-memory-dashboard-figures.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryVoteRepository } from '../../adapters/memory/in-memory-vote-repository.ts';
import { MikroOrmAnswerTemplateRepository } from '../../adapters/persistence/mikro-orm-answer-template-repository.ts';
import { MikroOrmApplicationRepository } from '../../adapters/persistence/mikro-orm-application-repository.ts';
import { MikroOrmDashboardFigures } from '../../adapters/persistence/mikro-orm-dashboard-figures.ts';
import { MikroOrmVoteRepository } from '../../adapters/persistence/mikro-orm-vote-repository.ts';
import { staffAnswers, storedWhitelistApplication } from '../support/application-builders.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  votes: VoteRepository;
  templates: AnswerTemplateRepository;
  whitelist: ApplicationRepository<WhitelistApplication, WhitelistApplication['status']>;
  staff: ApplicationRepository<StaffApplication, StaffApplication['status']>;
  figures: DashboardFigures;
  transactions: TransactionRunner;
  addUser(): Promise<string>;
  /** the work in a request's context of its own, as each request and command runs */
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const votes = new InMemoryVoteRepository();
    const templates = new InMemoryAnswerTemplateRepository();
    const whitelist = new InMemoryApplicationRepository(whitelistKind);
    const staff = new InMemoryApplicationRepository(staffKind);
    const all = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };
    return {
      votes,
      templates,
      whitelist,
      staff,
      figures: new InMemoryDashboardFigures({
        purchases: async () => [],
        memberships: async () => [],
        applications: async () => [],
        reviews: async () => ({
          applications: [
            { kind: 'whitelist', refusal: 'rejected', rows: (await whitelist.list(all)).items },
            { kind: 'staff', refusal: 'denied', rows: (await staff.list(all)).items },
          ],
          votes: await votes.all(),
        }),
      }),
      transactions: new InMemoryTransactions([votes, templates, whitelist, staff]),
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => ({
    votes: new MikroOrmVoteRepository(db.database),
    templates: new MikroOrmAnswerTemplateRepository(db.database),
    whitelist: new MikroOrmApplicationRepository(db.database, whitelistKind),
    staff: new MikroOrmApplicationRepository(db.database, staffKind),
    figures: new MikroOrmDashboardFigures(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    addUser: db.addUser,
    run: (work) => db.database.withContext(work),
  }),
  poolMax: 6,
};

const at = (iso: string) => new Date(iso);

describeRepositoryContract('votes, answer templates and the reviewer figures', adapters, (h) => {
  const vote = (fields: Partial<Vote> & Pick<Vote, 'applicationId' | 'reviewerId'>): Vote => ({
    id: randomUUID(),
    kind: 'whitelist',
    reviewerName: 'Reviewer',
    choice: 'approve',
    note: null,
    createdAt: at('2026-11-30T12:00:00Z'),
    ...fields,
  });

  const pendingWhitelist = async (createdAt = at('2026-11-29T12:00:00Z')) => {
    const application = storedWhitelistApplication(await h.addUser(), createdAt);
    await h.run(() => h.whitelist.add(application));
    return application;
  };

  it("stores each reviewer's vote once per application, read back oldest first, per kind and application", async () => {
    const application = await pendingWhitelist();
    const other = await pendingWhitelist();
    const [ana, ben] = [await h.addUser(), await h.addUser()];
    const later = vote({
      applicationId: application.id,
      reviewerId: ben,
      choice: 'deny',
      note: 'Too short.',
      createdAt: at('2026-11-30T13:00:00Z'),
    });
    const earlier = vote({ applicationId: application.id, reviewerId: ana, reviewerName: 'Ana' });
    await h.run(() => h.votes.add(later, whitelistKind));
    await h.run(() => h.votes.add(earlier, whitelistKind));
    await h.run(() => h.votes.add(vote({ applicationId: other.id, reviewerId: ana }), whitelistKind));
    expect(await h.run(() => h.votes.listFor('whitelist', [application.id]))).toEqual([earlier, later]);
    expect(await h.run(() => h.votes.listFor('whitelist', [application.id, other.id]))).toHaveLength(3);
    expect(await h.run(() => h.votes.listFor('staff', [application.id]))).toEqual([]);
    expect(await h.run(() => h.votes.listFor('whitelist', []))).toEqual([]);
    await expect(
      h.run(() =>
        h.votes.add(vote({ applicationId: application.id, reviewerId: ana, choice: 'abstain' }), whitelistKind),
      ),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'APPLICATION_ALREADY_VOTED' });
  });

  it('keeps one of two votes a reviewer sends at once, and rolls a vote back with its transaction', async () => {
    const application = await pendingWhitelist();
    const reviewerId = await h.addUser();
    const results = await Promise.allSettled(
      ['approve', 'deny'].map((choice) =>
        h.run(() =>
          h.transactions.run(() =>
            h.votes.add(
              vote({ applicationId: application.id, reviewerId, choice: choice as Vote['choice'] }),
              whitelistKind,
            ),
          ),
        ),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await h.run(() => h.votes.listFor('whitelist', [application.id]))).toHaveLength(1);

    const other = await h.addUser();
    await expect(
      h.run(() =>
        h.transactions.run(async () => {
          await h.votes.add(vote({ applicationId: application.id, reviewerId: other }), whitelistKind);
          throw new Error('the decision could not be recorded');
        }),
      ),
    ).rejects.toThrow('the decision could not be recorded');
    expect(await h.run(() => h.votes.listFor('whitelist', [application.id]))).toHaveLength(1);
  });

  it("holds an application read for a decision until the reader's transaction ends", async () => {
    const application = await pendingWhitelist();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const hasLock = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = h.run(() =>
      h.transactions.run(async () => {
        const current = await h.whitelist.findForDecision(application.id);
        locked();
        await held;
        expect(
          await h.whitelist.saveReview(
            { ...current!, status: 'approved', reviewedAt: at('2026-11-30T14:00:00Z'), reviewedBy: 'Ana' },
            'pending',
          ),
        ).toBe(true);
      }),
    );
    await hasLock;
    const second = h.run(() =>
      h.transactions.run(async () => (await h.whitelist.findForDecision(application.id))?.status),
    );
    // the second waits on the first: it reads the application as the first leaves it
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await first;
    expect(await second).toBe('approved');
    expect(await h.run(() => h.whitelist.findForDecision(randomUUID()))).toBeNull();
  });

  it('keeps answer templates by kind, decision and name, one name each (letter case aside)', async () => {
    const template = (fields: Partial<AnswerTemplate>): AnswerTemplate => ({
      id: randomUUID(),
      kind: 'whitelist',
      decision: 'deny',
      name: 'Too short',
      body: 'Hi {player}, try again from {reapplyDate}.',
      updatedBy: 'Ana',
      createdAt: at('2026-11-30T12:00:00Z'),
      updatedAt: at('2026-11-30T12:00:00Z'),
      ...fields,
    });
    const deny = template({});
    const approve = template({ decision: 'approve', name: 'Welcome', body: 'Welcome, {player}!' });
    const staff = template({ kind: 'staff', name: 'Not yet' });
    for (const each of [staff, deny, approve]) await h.run(() => h.templates.add(each));
    expect((await h.run(() => h.templates.list())).map((each) => each.id)).toEqual([approve.id, deny.id, staff.id]);
    expect(await h.run(() => h.templates.list('staff'))).toEqual([staff]);
    await expect(h.run(() => h.templates.add(template({ name: 'TOO SHORT' })))).rejects.toMatchObject({
      code: 'ANSWER_TEMPLATE_NAME_TAKEN',
    });
    await expect(
      h.run(() => h.templates.update({ ...approve, decision: 'deny', name: 'too short' })),
    ).rejects.toMatchObject({ code: 'ANSWER_TEMPLATE_NAME_TAKEN' });
    const renamed = { ...deny, name: 'Backstory too short', updatedAt: at('2026-12-01T09:00:00Z') };
    expect(await h.run(() => h.templates.update(renamed))).toBe(true);
    expect(await h.run(() => h.templates.findById(deny.id))).toEqual(renamed);
    expect(await h.run(() => h.templates.remove(deny.id))).toBe(true);
    expect(await h.run(() => h.templates.remove(deny.id))).toBe(false);
    expect(await h.run(() => h.templates.update(renamed))).toBe(false);
    expect(await h.run(() => h.templates.findById(deny.id))).toBeNull();
  });

  it('sums the reviewer figures: votes, the median time to vote, agreement, and decisions per kind', async () => {
    const [ana, ben] = [await h.addUser(), await h.addUser()];
    const sent = at('2027-01-04T00:00:00Z');
    const approved = await pendingWhitelist(sent);
    const refused = await pendingWhitelist(sent);
    const open = await pendingWhitelist(sent);
    const staffApplication = {
      ...staffAnswers(),
      id: randomUUID(),
      userId: await h.addUser(),
      discordId: 'd-staff',
      discordUsername: 'applicant',
      status: 'pending' as const,
      reviewNotes: null,
      applicantMessage: null,
      reviewedBy: null,
      reviewerId: null,
      reviewedAt: null,
      createdAt: sent,
    };
    await h.run(() => h.staff.add(staffApplication));
    const hoursLater = (hours: number) => new Date(sent.getTime() + hours * 3_600_000);
    const cast = (
      applicationId: string,
      reviewerId: string,
      name: string,
      choice: Vote['choice'],
      hours: number,
      kind: Vote['kind'] = 'whitelist',
    ) =>
      h.run(() =>
        h.votes.add(
          vote({ kind, applicationId, reviewerId, reviewerName: name, choice, createdAt: hoursLater(hours) }),
          whitelistKind,
        ),
      );
    await cast(approved.id, ana, 'Ana', 'approve', 2);
    await cast(refused.id, ana, 'Ana', 'approve', 4);
    await cast(open.id, ana, 'Ana (renamed)', 'abstain', 6);
    await cast(refused.id, ben, 'Ben', 'deny', 60);
    await cast(staffApplication.id, ben, 'Ben', 'approve', 70, 'staff');
    const decideWhitelist = async (id: string, status: WhitelistApplication['status'], hours: number) => {
      const stored = await h.run(() => h.whitelist.findById(id));
      if (!stored) throw new Error('no such application');
      await h.run(() => h.whitelist.saveReview({ ...stored, status, reviewedAt: hoursLater(hours) }, stored.status));
    };
    await decideWhitelist(approved.id, 'approved', 2);
    await decideWhitelist(refused.id, 'rejected', 60);
    await h.run(() =>
      h.staff.saveReview({ ...staffApplication, status: 'approved', reviewedAt: hoursLater(70) }, 'pending'),
    );

    const period = { from: sent, to: hoursLater(24 * 10) };
    const byReviewer = Object.fromEntries(
      (await h.run(() => h.figures.reviewerVotes(period))).map((row) => [row.reviewerId, row]),
    );
    expect(byReviewer[ana]).toEqual({
      reviewerId: ana,
      reviewerName: 'Ana (renamed)',
      votes: 3,
      medianVoteSeconds: 4 * 3600,
      judged: 2,
      agreed: 1,
    });
    expect(byReviewer[ben]).toEqual({
      reviewerId: ben,
      reviewerName: 'Ben',
      votes: 2,
      medianVoteSeconds: 65 * 3600,
      judged: 2,
      agreed: 2,
    });
    const kinds = (await h.run(() => h.figures.decisionsByKind(period))).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(kinds).toEqual([
      { kind: 'staff', decided: 1, medianDecisionSeconds: 70 * 3600, within48Hours: 0 },
      { kind: 'whitelist', decided: 2, medianDecisionSeconds: 31 * 3600, within48Hours: 1 },
    ]);
    // outside the period nothing is counted
    expect(await h.run(() => h.figures.reviewerVotes({ from: hoursLater(24 * 10), to: hoursLater(24 * 20) }))).toEqual(
      [],
    );
  });
});
