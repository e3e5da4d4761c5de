import type { ApplicationKindName } from '../../core/applications/model/application.ts';
import type { AnswerTemplate } from '../../core/applications/model/answer-template.ts';
import type { DecidingChoice } from '../../core/applications/model/votes.ts';
import { AnswerTemplateNameTakenError } from '../../core/applications/errors.ts';
import type { AnswerTemplateRepository } from '../../core/applications/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const COLUMNS = `"id", "kind", "decision", "name", "body", "updated_by", "created_at", "updated_at"`;
const ORDER = `order by array_position(array['whitelist', 'staff', 'appeal']::varchar[], "kind"), "decision", "name"`;

function toTemplate(row: Row): AnswerTemplate {
  return {
    id: String(row.id),
    kind: row.kind as ApplicationKindName,
    decision: row.decision as DecidingChoice,
    name: String(row.name),
    body: String(row.body),
    updatedBy: text(row.updated_by),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

const nameTaken = (error: unknown, template: AnswerTemplate) =>
  (error as { code?: string }).code === '23505' ? new AnswerTemplateNameTakenError(template.name) : error;

/** The answer templates on Postgres (migration 0047). */
export class MikroOrmAnswerTemplateRepository implements AnswerTemplateRepository {
  constructor(private readonly database: Database) {}

  async list(kind?: ApplicationKindName): Promise<AnswerTemplate[]> {
    const rows = kind
      ? await this.database.query<Row>(`select ${COLUMNS} from "answer_templates" where "kind" = ? ${ORDER}`, [kind])
      : await this.database.query<Row>(`select ${COLUMNS} from "answer_templates" ${ORDER}`);
    return rows.map(toTemplate);
  }

  async findById(id: string): Promise<AnswerTemplate | null> {
    const [row] = await this.database.query<Row>(`select ${COLUMNS} from "answer_templates" where "id" = ?`, [id]);
    return row ? toTemplate(row) : null;
  }

  async add(template: AnswerTemplate): Promise<void> {
    try {
      await this.database.query(`insert into "answer_templates" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
        template.id,
        template.kind,
        template.decision,
        template.name,
        template.body,
        template.updatedBy,
        template.createdAt,
        template.updatedAt,
      ]);
    } catch (error) {
      throw nameTaken(error, template);
    }
  }

  async update(template: AnswerTemplate): Promise<boolean> {
    try {
      const rows = await this.database.query<Row>(
        `update "answer_templates" set "kind" = ?, "decision" = ?, "name" = ?, "body" = ?, "updated_by" = ?, "updated_at" = ? where "id" = ? returning "id"`,
        [
          template.kind,
          template.decision,
          template.name,
          template.body,
          template.updatedBy,
          template.updatedAt,
          template.id,
        ],
      );
      return rows.length === 1;
    } catch (error) {
      throw nameTaken(error, template);
    }
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.database.query<Row>(`delete from "answer_templates" where "id" = ? returning "id"`, [id]);
    return rows.length === 1;
  }
}
