import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  staffKind,
  type StaffAnswers,
  type StaffApplication,
  type StaffStatus,
} from '../../core/applications/model/kinds/staff.ts';
import {
  whitelistKind,
  type WhitelistAnswers,
  type WhitelistApplication,
  type WhitelistStatus,
} from '../../core/applications/model/kinds/whitelist.ts';
import type { ApplicationRepository, StaffRoster, WhitelistAccess } from '../../core/applications/ports.ts';
import { SubmitApplication } from '../../core/applications/use-cases/submit-application.ts';
import type { AuditEntry } from '../../core/applications/model/audit-entry.ts';
import type { AuditLog } from '../../core/applications/ports.ts';
import { noDeliveryEffects } from '../../core/delivery/effects.ts';
import { InMemoryAuditLog } from '../../adapters/memory/in-memory-audit-log.ts';
import { InMemoryApplicationRepository } from '../../adapters/memory/in-memory-application-repository.ts';
import { InMemoryStaffRoster } from '../../adapters/memory/in-memory-staff-roster.ts';
import { InMemoryWhitelistAccess } from '../../adapters/memory/in-memory-whitelist-access.ts';
import { mikroOrmApplicationPorts } from '../../adapters/persistence/application-ports.ts';
import { staffAnswers, storedWhitelistApplication, whitelistAnswers } from '../support/application-builders.ts';
import type { MigratedDatabase } from '../support/contract-databases.ts';
import { describeRepositoryContract } from '../support/contract-suite.ts';
import type { DatabaseTarget } from '../support/databases.ts';

interface Harness {
  whitelist: ApplicationRepository<WhitelistAnswers, WhitelistStatus>;
  access: WhitelistAccess;
  staff: ApplicationRepository<StaffAnswers, StaffStatus>;
  roster: StaffRoster;
  audit: AuditLog;
  /** a users row the applications can belong to */
  addUser(role?: 'player' | 'staff' | 'admin'): Promise<string>;
  isWhitelisted(userId: string): Promise<boolean>;
  run<T>(work: () => Promise<T>): Promise<T>;
  /** the TransactionRunner the core gets; undefined where the store has no transactions */
  transaction?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * how many statements wait on another transaction: for a lock on real Postgres, for the one connection on the
   * embedded database (undefined where the store has no transactions)
   */
  lockWaits?: () => Promise<number>;
}

function memoryHarness(): Harness {
  const access = new InMemoryWhitelistAccess();
  const roster = new InMemoryStaffRoster();
  return {
    whitelist: new InMemoryApplicationRepository(whitelistKind),
    access,
    staff: new InMemoryApplicationRepository(staffKind),
    roster,
    audit: new InMemoryAuditLog(),
    addUser: async (role = 'player') => {
      const id = randomUUID();
      if (role !== 'player') roster.staff.add(id);
      return id;
    },
    isWhitelisted: async (userId) => access.granted.has(userId),
    run: (work) => work(),
  };
}

function databaseHarness({ database }: MigratedDatabase, target: DatabaseTarget): Harness {
  const connection = () => database.em.getConnection();
  const hasRoleColumn = async () =>
    (
      await connection().execute(
        `select 1 from information_schema.columns where table_name = 'users' and column_name = 'role'`,
      )
    ).length > 0;
  return {
    ...mikroOrmApplicationPorts(database),
    whitelist: mikroOrmApplicationPorts(database).whitelistApplications,
    access: mikroOrmApplicationPorts(database).whitelistAccess,
    staff: mikroOrmApplicationPorts(database).staffApplications,
    roster: mikroOrmApplicationPorts(database).staffRoster,
    audit: mikroOrmApplicationPorts(database).auditLog,
    addUser: async (role = 'player') => {
      const id = randomUUID();
      await database.withContext(async () => {
        await connection().execute(`insert into users (id, discord_id) values (?, ?)`, [id, `d-${id}`]);
        if (role !== 'player' && (await hasRoleColumn()))
          await connection().execute(`update users set role = ? where id = ?`, [role, id]);
      });
      return id;
    },
    isWhitelisted: (userId) =>
      database.withContext(async () => {
        const [row] = await connection().execute<{ is_whitelisted: boolean }[]>(
          `select is_whitelisted from users where id = ?`,
          [userId],
        );
        return row.is_whitelisted;
      }),
    run: (work) => database.withContext(work),
    transaction: (work) => database.withContext(() => database.transactional(work)),
    lockWaits:
      target === 'postgres'
        ? async () => {
            const [row] = await database.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return row.n;
          }
        : async () => database.poolState().waiting,
  };
}

let clock = Date.parse('2026-11-01T00:00:00Z');
const nextTime = () => {
  clock += 60_000;
  return new Date(clock);
};

function whitelistApplication(userId: string, overrides: Partial<WhitelistApplication> = {}): WhitelistApplication {
  return storedWhitelistApplication(userId, nextTime(), overrides);
}

function staffApplication(userId: string, overrides: Partial<StaffApplication> = {}): StaffApplication {
  return {
    ...staffAnswers(),
    id: randomUUID(),
    userId,
    discordId: `d-${userId}`,
    discordUsername: 'heron',
    status: 'pending',
    reviewNotes: null,
    applicantMessage: null,
    reviewedBy: null,
    reviewerId: null,
    reviewedAt: null,
    createdAt: nextTime(),
    ...overrides,
  };
}

describeRepositoryContract(
  'application repositories',
  { memory: memoryHarness, database: databaseHarness },
  (h, target) => {
    it('stores a whitelist application and reads every field back', async () => {
      const userId = await h.addUser();
      const application = whitelistApplication(userId, { previousCommunities: null });
      await h.run(() => h.whitelist.add(application));
      expect(await h.run(() => h.whitelist.findById(application.id))).toEqual(application);
      expect(await h.run(() => h.whitelist.findById(randomUUID()))).toBeNull();
    });

    it('refuses a second pending whitelist application for one applicant, and allows one once the first is decided', async () => {
      const userId = await h.addUser();
      const first = whitelistApplication(userId);
      await h.run(() => h.whitelist.add(first));
      await expect(h.run(() => h.whitelist.add(whitelistApplication(userId)))).rejects.toMatchObject({
        code: 'APPLICATION_ALREADY_OPEN',
        kind: 'conflict',
      });
      expect(
        await h.run(() => h.whitelist.saveReview({ ...first, status: 'rejected', reviewedAt: new Date() }, 'pending')),
      ).toBe(true);
      await h.run(() => h.whitelist.add(whitelistApplication(userId)));
      expect(await h.run(() => h.whitelist.listByApplicant(userId))).toHaveLength(2);
    });

    it('tells whether an applicant has an approved whitelist application', async () => {
      const userId = await h.addUser();
      const first = whitelistApplication(userId);
      await h.run(() => h.whitelist.add(first));
      expect(await h.run(() => h.whitelist.hasStatus(userId, 'approved'))).toBe(false);
      await h.run(() => h.whitelist.saveReview({ ...first, status: 'rejected', reviewedAt: new Date() }, 'pending'));
      expect(await h.run(() => h.whitelist.hasStatus(userId, 'approved'))).toBe(false);
      const second = whitelistApplication(userId);
      await h.run(() => h.whitelist.add(second));
      await h.run(() => h.whitelist.saveReview({ ...second, status: 'approved', reviewedAt: new Date() }, 'pending'));
      expect(await h.run(() => h.whitelist.hasStatus(userId, 'approved'))).toBe(true);
      const stranger = await h.addUser();
      expect(await h.run(() => h.whitelist.hasStatus(stranger, 'approved'))).toBe(false);
    });

    it.skipIf(target === 'memory')(
      'refuses, and leaves unwritten, a submission racing the approval of the pending application',
      async () => {
        const userId = await h.addUser();
        const pending = whitelistApplication(userId);
        await h.run(() => h.whitelist.add(pending));
        const submit = new SubmitApplication({
          applications: h.whitelist,
          ids: { next: randomUUID },
          clock: { now: nextTime },
          transactions: { run: h.transaction! },
          effects: noDeliveryEffects,
          bans: { current: async () => null },
        });

        let approvalWritten!: () => void;
        let commitApproval!: () => void;
        const written = new Promise<void>((resolve) => (approvalWritten = resolve));
        const held = new Promise<void>((resolve) => (commitApproval = resolve));
        const approval = h.transaction!(async () => {
          await h.whitelist.saveReview({ ...pending, status: 'approved', reviewedAt: new Date() }, 'pending');
          approvalWritten();
          await held;
        });
        await written;
        const applicant = { id: userId, discordId: `d-${userId}`, discordUsername: 'gator', username: null };
        const second = submit.execute({ applicant, answers: whitelistAnswers() }).then(
          () => 'filed',
          (error: { code?: string }) => error.code,
        );
        // commit only once the second submission waits on the approval: on real Postgres on the pending row's index
        // entry, on the embedded database for its one connection
        await expect.poll(() => h.lockWaits!(), { timeout: 5000 }).toBeGreaterThan(0);
        commitApproval();
        await approval;

        expect(await second).toBe('ALREADY_WHITELISTED');
        expect((await h.run(() => h.whitelist.listByApplicant(userId))).map((a) => a.status)).toEqual(['approved']);
      },
    );

    it('saves a review only while the status is still the expected one', async () => {
      const userId = await h.addUser();
      const application = whitelistApplication(userId);
      await h.run(() => h.whitelist.add(application));
      const reviewedAt = new Date('2026-11-20T10:00:00Z');
      const approved = {
        ...application,
        status: 'approved' as const,
        reviewNotes: 'Welcome aboard.',
        applicantMessage: 'See you on the bayou, cher.',
        reviewedBy: 'Big Mama',
        reviewerId: userId,
        reviewedAt,
      };
      expect(await h.run(() => h.whitelist.saveReview(approved, 'pending'))).toBe(true);
      expect(await h.run(() => h.whitelist.saveReview({ ...approved, status: 'rejected' }, 'pending'))).toBe(false);
      expect(await h.run(() => h.whitelist.findById(application.id))).toEqual(approved);
    });

    it('lists newest first with status filter, pages and per-status counts', async () => {
      const before = await h.run(() => h.whitelist.list({ page: 1, pageSize: 100 }));
      const made: WhitelistApplication[] = [];
      for (let i = 0; i < 3; i++) {
        const application = whitelistApplication(await h.addUser());
        await h.run(() => h.whitelist.add(application));
        made.push(application);
      }
      const page = await h.run(() => h.whitelist.list({ status: 'pending', page: 1, pageSize: 2 }));
      expect(page.items.map((a) => a.id)).toEqual([made[2].id, made[1].id]);
      expect(page.total).toBe(before.counts.pending + 3);
      expect(page.counts.pending).toBe(before.counts.pending + 3);
      expect(page.counts.approved).toBe(before.counts.approved);
      const second = await h.run(() => h.whitelist.list({ status: 'pending', page: 2, pageSize: 2 }));
      expect(second.items[0].id).toBe(made[0].id);
    });

    it('lists summaries: the table answers, the backstory cut past 100 characters, no other long answer', async () => {
      const application = whitelistApplication(await h.addUser(), { characterBackground: 'B'.repeat(400) });
      await h.run(() => h.whitelist.add(application));
      const page = await h.run(() => h.whitelist.list({ page: 1, pageSize: 1, summary: true }));
      const [row] = page.items;
      expect(row).toMatchObject({
        id: application.id,
        userId: application.userId,
        discordUsername: application.discordUsername,
        email: application.email,
        age: application.age,
        isEighteenPlus: application.isEighteenPlus,
        status: 'pending',
        createdAt: application.createdAt,
        characterBackground: 'B'.repeat(101),
        characterGoals: null,
        whyJoinServer: null,
      });
      const whole = await h.run(() => h.whitelist.list({ page: 1, pageSize: 1 }));
      expect(whole.items[0].characterGoals).toBe(application.characterGoals);
    });

    it('lets an approved applicant into the server', async () => {
      const userId = await h.addUser();
      expect(await h.isWhitelisted(userId)).toBe(false);
      await h.run(() => h.access.grant(userId));
      expect(await h.isWhitelisted(userId)).toBe(true);
    });

    it.skipIf(target === 'memory')(
      'rolls a decision and the access grant back together when the transaction fails',
      async () => {
        const userId = await h.addUser();
        const application = whitelistApplication(userId);
        await h.run(() => h.whitelist.add(application));
        await expect(
          h.transaction!(async () => {
            await h.whitelist.saveReview({ ...application, status: 'approved', reviewedAt: new Date() }, 'pending');
            await h.access.grant(userId);
            throw new Error('audit write failed');
          }),
        ).rejects.toThrow('audit write failed');
        expect((await h.run(() => h.whitelist.findById(application.id)))?.status).toBe('pending');
        expect(await h.isWhitelisted(userId)).toBe(false);
      },
    );

    it('stores a staff application, one open at a time (pending or under review)', async () => {
      const userId = await h.addUser();
      const application = staffApplication(userId, { references: 'Ask Remy', languages: null });
      await h.run(() => h.staff.add(application));
      expect(await h.run(() => h.staff.findById(application.id))).toEqual(application);
      const underReview = {
        ...application,
        status: 'under_review' as const,
        applicantMessage: 'We will interview you this week.',
        reviewedBy: 'Admin',
        reviewerId: userId,
        reviewedAt: new Date('2026-11-21T09:00:00Z'),
      };
      expect(await h.run(() => h.staff.saveReview(underReview, 'pending'))).toBe(true);
      expect(await h.run(() => h.staff.findById(application.id))).toEqual(underReview);
      await expect(h.run(() => h.staff.add(staffApplication(userId)))).rejects.toMatchObject({
        code: 'STAFF_APPLICATION_ALREADY_OPEN',
      });
      expect(await h.run(() => h.staff.saveReview({ ...underReview, status: 'approved' }, 'pending'))).toBe(false);
      expect(await h.run(() => h.staff.saveReview({ ...underReview, status: 'approved' }, 'under_review'))).toBe(true);
      await h.run(() => h.staff.add(staffApplication(userId)));
      const mine = await h.run(() => h.staff.listByApplicant(userId));
      expect(mine.map((a) => a.status)).toEqual(['pending', 'approved']);
    });

    it('lists staff applications newest first with counts of all four statuses', async () => {
      const application = staffApplication(await h.addUser());
      await h.run(() => h.staff.add(application));
      const page = await h.run(() => h.staff.list({ page: 1, pageSize: 1 }));
      expect(page.items.map((a) => a.id)).toEqual([application.id]);
      expect(Object.keys(page.counts).sort()).toEqual(['approved', 'denied', 'pending', 'under_review']);
      expect(page.total).toBe(Object.values(page.counts).reduce((sum, n) => sum + n, 0));
      const positions = await h.run(() => h.staff.tally());
      expect(Object.values(positions).reduce((sum, n) => sum + n, 0)).toBe(page.total);
      const developer = staffApplication(await h.addUser(), { position: 'developer' });
      await h.run(() => h.staff.add(developer));
      expect((await h.run(() => h.staff.tally())).developer).toBe(positions.developer + 1);
    });

    it('names which applicants hold the staff or admin role', async () => {
      const player = await h.addUser('player');
      const staff = await h.addUser('staff');
      const admin = await h.addUser('admin');
      expect(await h.run(() => h.roster.staffUserIds([player, staff, admin]))).toEqual(new Set([staff, admin]));
      expect(await h.run(() => h.roster.staffUserIds([]))).toEqual(new Set());
    });

    it('keeps audit entries in the order they were recorded, filtered by application', async () => {
      const applicationId = randomUUID();
      const entry = (fromStatus: string, toStatus: string): AuditEntry => ({
        id: randomUUID(),
        kind: 'staff',
        applicationId,
        fromStatus,
        toStatus,
        notes: toStatus === 'approved' ? null : 'Interview set',
        reviewerId: randomUUID(),
        reviewerDiscordId: '42',
        reviewerName: 'Papa Legba',
        channel: 'cli',
        createdAt: new Date('2026-11-21T09:00:00Z'),
      });
      const first = entry('pending', 'under_review');
      const second = entry('under_review', 'approved');
      await h.run(() => h.audit.record(first));
      await h.run(() => h.audit.record(second));
      await h.run(() =>
        h.audit.record({ ...entry('pending', 'approved'), applicationId: randomUUID(), kind: 'whitelist' }),
      );
      expect(await h.run(() => h.audit.list({ applicationId }))).toEqual([first, second]);
      expect((await h.run(() => h.audit.list({ kind: 'whitelist' }))).every((e) => e.kind === 'whitelist')).toBe(true);
    });
  },
);
