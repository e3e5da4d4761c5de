import type { Email, EmailKind, EmailOutcome, EmailStatus } from '../../core/mail/model/email.ts';
import type { EmailQuery, MailOutbox } from '../../core/mail/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';
import { LeasedOutbox } from './leased-outbox.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

type Row = Record<string, unknown>;

const COLUMNS = [
  'id',
  'kind',
  'status',
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'user_id',
  'purchase_id',
  'membership_id',
  'dedupe_key',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'updated_at',
  'sent_at',
] as const;

function toEmail(row: Row): Email {
  return {
    id: String(row.id),
    kind: row.kind as EmailKind,
    status: row.status as EmailStatus,
    to: String(row.to_address),
    subject: String(row.subject),
    text: String(row.text_body),
    html: String(row.html_body),
    userId: text(row.user_id),
    purchaseId: text(row.purchase_id),
    membershipId: text(row.membership_id),
    dedupeKey: String(row.dedupe_key),
    attempts: Number(row.attempts),
    nextAttemptAt: date(row.next_attempt_at),
    lastError: text(row.last_error),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    sentAt: row.sent_at ? date(row.sent_at) : null,
  };
}

/**
 * The outbox of emails on Postgres. Database.query joins the caller's transaction, so an email is written with its
 * cause; claims take row locks with SKIP LOCKED, so several server processes share the sending.
 */
export class MikroOrmMailOutbox implements MailOutbox {
  private readonly rows: LeasedOutbox<Email>;

  constructor(database: Database) {
    this.rows = new LeasedOutbox(database, 'emails', COLUMNS, toEmail);
  }

  async add(emails: Email[]): Promise<void> {
    await this.rows.add(
      emails.map((e) => [
        e.id,
        e.kind,
        e.status,
        e.to,
        e.subject,
        e.text,
        e.html,
        e.userId,
        e.purchaseId,
        e.membershipId,
        e.dedupeKey,
        e.attempts,
        e.nextAttemptAt,
        e.lastError,
        e.createdAt,
        e.updatedAt,
        e.sentAt,
      ]),
    );
  }

  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Email[]> {
    return this.rows.claimDue(now, limit, leaseUntil);
  }

  async settle(id: string, outcome: EmailOutcome): Promise<void> {
    // only while it is still ours: a lapsed lease handed it to another worker, whose outcome stands
    await this.rows.query(
      `update "emails" set "status" = ?, "next_attempt_at" = ?, "last_error" = ?, "sent_at" = ?, "updated_at" = ?, "locked_until" = null
       where "id" = ? and "status" = 'sending'`,
      [outcome.status, outcome.nextAttemptAt, outcome.lastError, outcome.sentAt, outcome.updatedAt, id],
    );
  }

  findById(id: string): Promise<Email | null> {
    return this.rows.findById(id);
  }

  async list(query: EmailQuery): Promise<Email[]> {
    if (query.purchaseId !== undefined && !isUuid(query.purchaseId)) return [];
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      where.push(`"status" = ?`);
      params.push(query.status);
    }
    if (query.purchaseId) {
      where.push(`"purchase_id" = ?`);
      params.push(query.purchaseId);
    }
    const rows = await this.rows.query(
      `select * from "emails" ${where.length > 0 ? `where ${where.join(' and ')}` : ''} order by "created_at" desc, "id" desc limit ?`,
      [...params, query.limit ?? 200],
    );
    return rows.map(toEmail);
  }

  requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]> {
    return this.rows.requeueFailed(ids, now);
  }
}
