import type {
  PrivacyRequest,
  PrivacyRequestChannel,
  PrivacyRequestKind,
  PrivacyRequestStatus,
} from '../../core/privacy/model/privacy-request.ts';
import type { PrivacyRequestRepository } from '../../core/privacy/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const COLUMNS = `"id", "user_id", "kind", "status", "channel", "created_at", "due_at", "completed_at", "held_by"`;

function toRequest(row: Row): PrivacyRequest {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    kind: row.kind as PrivacyRequestKind,
    status: row.status as PrivacyRequestStatus,
    channel: row.channel as PrivacyRequestChannel,
    createdAt: date(row.created_at),
    dueAt: date(row.due_at),
    completedAt: row.completed_at ? date(row.completed_at) : null,
    heldBy: text(row.held_by),
  };
}

/** The privacy requests on Postgres (migration 0046). Database.query joins the caller's transaction. */
export class MikroOrmPrivacyRequests implements PrivacyRequestRepository {
  constructor(private readonly database: Database) {}

  private async select(where: string, params: unknown[]): Promise<PrivacyRequest[]> {
    return (await this.database.query<Row>(`select ${COLUMNS} from "privacy_requests" ${where}`, params)).map(
      toRequest,
    );
  }

  async add(request: PrivacyRequest): Promise<void> {
    // a second open erasure of one account (two requests at once) is not written: the first stands
    await this.database.query(
      `insert into "privacy_requests" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [
        request.id,
        request.userId,
        request.kind,
        request.status,
        request.channel,
        request.createdAt,
        request.dueAt,
        request.completedAt,
        request.heldBy,
      ],
    );
  }

  async openErasureOf(userId: string): Promise<PrivacyRequest | null> {
    const [found] = await this.select(`where "user_id" = ? and "kind" = 'erasure' and "status" <> 'completed'`, [
      userId,
    ]);
    return found ?? null;
  }

  async update(
    id: string,
    changes: Partial<Pick<PrivacyRequest, 'status' | 'completedAt' | 'heldBy'>>,
  ): Promise<PrivacyRequest | null> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      sets.push(`"${column}" = ?`);
      params.push(value);
    };
    if (changes.status !== undefined) set('status', changes.status);
    if (changes.completedAt !== undefined) set('completed_at', changes.completedAt);
    if (changes.heldBy !== undefined) set('held_by', changes.heldBy);
    if (sets.length === 0) return (await this.select(`where "id" = ?`, [id]))[0] ?? null;
    const [row] = await this.database.query<Row>(
      `update "privacy_requests" set ${sets.join(', ')} where "id" = ? returning ${COLUMNS}`,
      [...params, id],
    );
    return row ? toRequest(row) : null;
  }

  list(query: { open: boolean; limit: number }): Promise<PrivacyRequest[]> {
    return query.open
      ? this.select(`where "status" <> 'completed' order by "due_at", "id" limit ?`, [query.limit])
      : this.select(`order by "created_at" desc, "id" limit ?`, [query.limit]);
  }

  ofUser(userId: string): Promise<PrivacyRequest[]> {
    return this.select(`where "user_id" = ? order by "created_at" desc, "id"`, [userId]);
  }

  withStatus(status: PrivacyRequestStatus): Promise<PrivacyRequest[]> {
    return this.select(`where "status" = ? order by "due_at", "id"`, [status]);
  }
}
