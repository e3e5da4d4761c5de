import type { Email, EmailOutcome } from '../../core/mail/model/email.ts';
import type { EmailQuery, MailOutbox } from '../../core/mail/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

interface Row {
  email: Email;
  /** while `sending`: when the claimer's lease runs out */
  lockedUntil: Date | null;
}

const byDue = (a: Email, b: Email) =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime();
const byCreated = (a: Email, b: Email) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The outbox of emails in a map. Each method does its work without awaiting, so claims never overlap. */
export class InMemoryMailOutbox implements MailOutbox, SnapshotStore {
  private readonly rows = new Map<string, Row>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(emails: Email[]): Promise<void> {
    const keys = new Set([...this.rows.values()].map((row) => row.email.dedupeKey));
    for (const email of emails) {
      if (keys.has(email.dedupeKey)) continue;
      if (this.rows.has(email.id)) throw new Error(`An email with id ${email.id} exists.`);
      keys.add(email.dedupeKey);
      this.rows.set(email.id, { email: structuredClone(email), lockedUntil: null });
    }
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Email[]> {
    const due = [...this.rows.values()]
      .filter(({ email, lockedUntil }) =>
        email.status === 'pending'
          ? email.nextAttemptAt <= now
          : email.status === 'sending' && lockedUntil !== null && lockedUntil <= now,
      )
      .sort((a, b) => byDue(a.email, b.email))
      .slice(0, Math.max(0, limit));
    for (const row of due) {
      Object.assign(row.email, { status: 'sending', attempts: row.email.attempts + 1, updatedAt: now });
      row.lockedUntil = leaseUntil;
    }
    return due.map((row) => structuredClone(row.email));
  }

  async settle(id: string, outcome: EmailOutcome): Promise<void> {
    const row = this.rows.get(id);
    // only while it is still ours: a lapsed lease handed it to another worker, whose outcome stands
    if (row?.email.status !== 'sending') return;
    const { status, nextAttemptAt, lastError, sentAt, updatedAt } = structuredClone(outcome);
    Object.assign(row.email, { status, nextAttemptAt, lastError, sentAt, updatedAt });
    row.lockedUntil = null;
  }

  async findById(id: string): Promise<Email | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row.email) : null;
  }

  async list(query: EmailQuery): Promise<Email[]> {
    return [...this.rows.values()]
      .map((row) => structuredClone(row.email))
      .filter((email) => !query.status || email.status === query.status)
      .filter((email) => !query.purchaseId || email.purchaseId === query.purchaseId)
      .sort((a, b) => byCreated(b, a))
      .slice(0, query.limit ?? 200);
  }

  async requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]> {
    const moved: string[] = [];
    for (const { email } of this.rows.values()) {
      if (email.status !== 'failed' || (ids !== 'all' && !ids.includes(email.id))) continue;
      Object.assign(email, { status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now });
      moved.push(email.id);
    }
    return moved;
  }
}
