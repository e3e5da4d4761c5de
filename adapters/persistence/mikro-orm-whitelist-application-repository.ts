import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import { OpenApplicationExistsError, WHITELIST_STATUSES, type WhitelistApplication, type WhitelistStatus } from '../../core/applications/application.ts';
import type { ListQuery, Page, WhitelistAccess, WhitelistApplicationRepository } from '../../core/applications/ports.ts';
import { WhitelistApplicationRow } from './application-entities.ts';
import { countByStatus, totalOf } from './application-counts.ts';
import type { Database } from './database.ts';
import { keysetCursor, listRows } from './list-rows.ts';

// reads skip the identity map: a row decided moments ago in this request must read as decided
const FRESH = { disableIdentityMap: true } as const;
const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

export class MikroOrmWhitelistApplicationRepository implements WhitelistApplicationRepository {
  constructor(private readonly database: Database) {}

  async add(application: WhitelistApplication): Promise<void> {
    try {
      await this.database.em.insert(WhitelistApplicationRow, { ...application });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new OpenApplicationExistsError();
      throw error;
    }
  }

  async findById(id: string): Promise<WhitelistApplication | null> {
    const row = await this.database.em.findOne(WhitelistApplicationRow, { id }, FRESH);
    return row ? toApplication(row) : null;
  }

  async list(query: ListQuery<WhitelistStatus>): Promise<Page<WhitelistApplication, WhitelistStatus>> {
    const after = await keysetCursor(this.database, 'whitelist_applications', query.before);
    const rows = after === null ? [] : await listRows<InferEntity<typeof WhitelistApplicationRow>>(this.database, 'whitelist_applications', { status: query.status, after, limit: query.pageSize, offset: after ? 0 : (query.page - 1) * query.pageSize });
    const counts = await countByStatus(this.database, 'whitelist_applications', WHITELIST_STATUSES);
    return { items: rows.map(toApplication), total: totalOf(counts, query.status), page: query.page, pageSize: query.pageSize, counts, nextBefore: rows.length === query.pageSize ? rows.at(-1)!.id : null };
  }

  async listByApplicant(userId: string): Promise<WhitelistApplication[]> {
    const rows = await this.database.em.find(WhitelistApplicationRow, { userId }, { ...FRESH, orderBy: NEWEST_FIRST });
    return rows.map(toApplication);
  }

  async hasApproved(userId: string): Promise<boolean> {
    return (await this.database.em.count(WhitelistApplicationRow, { userId, status: 'approved' })) > 0;
  }

  async saveReview(application: WhitelistApplication, expected: WhitelistStatus): Promise<boolean> {
    const changed = await this.database.em.nativeUpdate(
      WhitelistApplicationRow,
      { id: application.id, status: expected },
      { status: application.status, reviewNotes: application.reviewNotes, reviewedBy: application.reviewedBy, reviewerId: application.reviewerId, reviewedAt: application.reviewedAt },
    );
    return changed === 1;
  }
}

function toApplication(row: InferEntity<typeof WhitelistApplicationRow>): WhitelistApplication {
  return {
    id: row.id,
    userId: row.userId,
    discordId: row.discordId,
    discordUsername: row.discordUsername,
    email: row.email,
    isEighteenPlus: row.isEighteenPlus,
    age: row.age,
    timezone: row.timezone,
    hoursPerWeek: row.hoursPerWeek,
    rpExperience: row.rpExperience,
    previousCommunities: row.previousCommunities ?? null,
    characterBackground: row.characterBackground,
    characterGoals: row.characterGoals,
    roleplayScenario: row.roleplayScenario,
    whyJoinServer: row.whyJoinServer,
    rulesUnderstood: row.rulesUnderstood,
    noMetagaming: row.noMetagaming,
    respectfulBehavior: row.respectfulBehavior,
    status: row.status as WhitelistStatus,
    reviewNotes: row.reviewNotes ?? null,
    reviewedBy: row.reviewedBy ?? null,
    reviewerId: row.reviewerId ?? null,
    reviewedAt: row.reviewedAt ?? null,
    createdAt: row.createdAt,
  };
}

/** Approval lets the applicant into the server: users.is_whitelisted. */
export class MikroOrmWhitelistAccess implements WhitelistAccess {
  constructor(private readonly database: Database) {}

  async grant(userId: string): Promise<void> {
    await this.database.em.execute(`update "users" set "is_whitelisted" = true, "updated_at" = now() where "id" = ?`, [userId]);
  }
}
