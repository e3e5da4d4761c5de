import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Application, ApplicationKind, ApplicationKindName } from '../../core/applications/model/application.ts';
import { OpenApplicationExistsError } from '../../core/applications/errors.ts';
import type { ApplicationRepository, ListQuery, Page } from '../../core/applications/ports.ts';
import { countsOf, statusCountsOf, totalOf } from './application-counts.ts';
import type { Database } from './database.ts';
import { fromColumns, keysetCursor, listStatement, objectMaker } from './list-rows.ts';

/** Each kind keeps its table (migrations 0003, 0007, 0032 and 0035): one column an answer, named as the answer in snake_case. */
export const APPLICATION_TABLES: Record<ApplicationKindName, string> = {
  whitelist: 'whitelist_applications',
  staff: 'staff_applications',
  appeal: 'ban_appeals',
};

const RECORD_COLUMNS = [
  'id',
  'userId',
  'discordId',
  'discordUsername',
  'status',
  'reviewNotes',
  'applicantMessage',
  'reviewedBy',
  'reviewerId',
  'reviewedAt',
  'createdAt',
] as const;

/** a kind that lifts bans keeps the ban each application was filed against (migration 0035) */
const BAN_COLUMNS = ['appealedBanAt', 'appealedBanReason'] as const;

const column = (property: string) => `"${property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}"`;

/**
 * The applications of one kind in Postgres. Its columns follow the kind's answers, so a new question needs
 * only its column. Statements go through the entity manager, so they join the use case's transaction.
 */
export class MikroOrmApplicationRepository<A, S extends string> implements ApplicationRepository<A, S> {
  private readonly table: string;
  private readonly properties: string[];
  /** a review list's columns: the long answers stay in the database (only the preview's start is read) */
  private readonly summaryColumns: string;
  /** an application of the kind's properties from a row of them (see toApplication) */
  private readonly application: (row: object) => Application<A, S>;

  constructor(
    private readonly database: Database,
    readonly kind: ApplicationKind<A, S>,
  ) {
    this.table = APPLICATION_TABLES[kind.name];
    this.properties = [
      ...RECORD_COLUMNS.slice(0, 4),
      ...Object.keys(kind.answers.shape),
      ...RECORD_COLUMNS.slice(4),
      ...(kind.banClosed ? BAN_COLUMNS : []),
    ];
    this.application = objectMaker(this.properties.map((property) => [property, property, false] as const));
    const { answers, preview } = kind.summary;
    this.summaryColumns = [
      ...['id', 'userId', 'discordUsername', 'status', 'createdAt', ...answers].map(column),
      // one character past the preview's length, so the presenter knows it was cut
      ...(preview ? [`left(${column(preview.answer)}, ${preview.length + 1}) as ${column(preview.answer)}`] : []),
    ].join(', ');
  }

  async add(application: Application<A, S>): Promise<void> {
    const values = this.properties.map((property) => (application as Record<string, unknown>)[property] ?? null);
    try {
      await this.database.em.execute(
        `insert into "${this.table}" (${this.properties.map(column).join(', ')}) values (${values.map(() => '?').join(', ')})`,
        values,
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === '23505')
        throw new OpenApplicationExistsError(this.kind);
      throw error;
    }
    this.database.changed(`table:${this.table}`);
  }

  async findById(id: string): Promise<Application<A, S> | null> {
    const [row] = await this.select(`where "id" = ?`, [id]);
    return row ?? null;
  }

  async list(query: ListQuery<S>): Promise<Page<Application<A, S>, S>> {
    const after = await keysetCursor(this.database, this.table, query.before);
    const page =
      after === null
        ? null
        : listStatement(this.table, {
            columns: query.summary ? this.summaryColumns : undefined,
            status: query.status,
            after,
            limit: query.pageSize,
            offset: after ? 0 : (query.page - 1) * query.pageSize,
          });
    // the page, and the counts as cached for a second (StatusCounts), read side by side
    const [found, countRows] = await Promise.all([
      page ? this.database.query<Record<string, unknown>>(...page) : [],
      statusCountsOf(this.database).read(this.table),
    ]);
    const rows = found.map((row) => fromColumns<Application<A, S>>(row));
    const counts = countsOf(countRows, this.kind.statuses);
    return {
      items: rows.map((row) => this.toApplication(row)),
      total: totalOf(counts, query.status),
      page: query.page,
      pageSize: query.pageSize,
      counts,
      nextBefore: rows.length === query.pageSize ? rows[rows.length - 1].id : null,
    };
  }

  async listByApplicant(userId: string): Promise<Application<A, S>[]> {
    return this.select(`where "user_id" = ? order by "created_at" desc, "id" desc`, [userId]);
  }

  async hasStatus(userId: string, status: S): Promise<boolean> {
    const rows = await this.database.em.execute<unknown[]>(
      `select 1 from "${this.table}" where "user_id" = ? and "status" = ? limit 1`,
      [userId, status],
    );
    return rows.length > 0;
  }

  async tally(): Promise<Record<string, number>> {
    const tally = this.kind.tally;
    if (!tally) return {};
    const rows = await this.database.em.execute<{ value: string; count: string | number }[]>(
      `select ${column(tally.field)} as "value", count(*) as "count" from "${this.table}" group by 1`,
    );
    const counts = Object.fromEntries(tally.values.map((value) => [value, 0]));
    for (const row of rows) if (row.value in counts) counts[row.value] = Number(row.count);
    return counts;
  }

  /** `for no key update`: votes and reviews of the application wait for this transaction (decision 0050's row lock) */
  async findForDecision(id: string): Promise<Application<A, S> | null> {
    const [row] = await this.select(`where "id" = ? for no key update`, [id]);
    return row ?? null;
  }

  async saveReview(application: Application<A, S>, expected: S): Promise<boolean> {
    const result = await this.database.em.execute<{ affectedRows?: number }>(
      `update "${this.table}" set "status" = ?, "review_notes" = ?, "applicant_message" = ?, "reviewed_by" = ?, "reviewer_id" = ?, "reviewed_at" = ? where "id" = ? and "status" = ?`,
      [
        application.status,
        application.reviewNotes,
        application.applicantMessage,
        application.reviewedBy,
        application.reviewerId,
        application.reviewedAt,
        application.id,
        expected,
      ],
      'run',
    );
    this.database.changed(`table:${this.table}`);
    return result.affectedRows === 1;
  }

  private async select(where: string, params: unknown[]): Promise<Application<A, S>[]> {
    const rows = await this.database.em.execute<Record<string, unknown>[]>(
      `select * from "${this.table}" ${where}`,
      params,
    );
    return rows.map((row) => this.toApplication(fromColumns<Application<A, S>>(row)));
  }

  /** Only the kind's properties: a column no question reads stays in the database. */
  private toApplication(row: Application<A, S>): Application<A, S> {
    return this.application(row);
  }
}
