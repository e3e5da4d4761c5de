import type {
  WebhookAttempt,
  WebhookMessage,
  WebhookMessageWithAttempts,
  WebhookOutcome,
} from '../../core/webhooks/model/webhook-message.ts';
import type { WebhookOutbox } from '../../core/webhooks/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

interface Row {
  message: WebhookMessage;
  tries: WebhookAttempt[];
  /** while `sending`: when the claimer's lease runs out */
  lockedUntil: Date | null;
}

const byDue = (a: WebhookMessage, b: WebhookMessage) =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime();
const newestFirst = (a: WebhookMessage, b: WebhookMessage) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The outbox of webhook messages in a map. Each method does its work without awaiting, so claims never overlap. */
export class InMemoryWebhookOutbox implements WebhookOutbox, SnapshotStore {
  private readonly rows = new Map<string, Row>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(messages: WebhookMessage[]): Promise<void> {
    const keys = new Set([...this.rows.values()].map((row) => row.message.dedupeKey));
    for (const message of messages) {
      if (keys.has(message.dedupeKey)) continue;
      if (this.rows.has(message.id)) throw new Error(`A webhook message with id ${message.id} exists.`);
      keys.add(message.dedupeKey);
      this.rows.set(message.id, { message: structuredClone(message), tries: [], lockedUntil: null });
    }
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<WebhookMessage[]> {
    const due = [...this.rows.values()]
      .filter(({ message, lockedUntil }) =>
        message.status === 'pending'
          ? message.nextAttemptAt <= now
          : message.status === 'sending' && lockedUntil !== null && lockedUntil <= now,
      )
      .sort((a, b) => byDue(a.message, b.message))
      .slice(0, Math.max(0, limit));
    for (const row of due) {
      Object.assign(row.message, { status: 'sending', attempts: row.message.attempts + 1, updatedAt: now });
      row.lockedUntil = leaseUntil;
    }
    return due.map((row) => structuredClone(row.message));
  }

  async settle(id: string, outcome: WebhookOutcome, attempt: WebhookAttempt): Promise<void> {
    const row = this.rows.get(id);
    // only while it is still ours: a lapsed lease handed it to another worker, whose outcome stands
    if (row?.message.status !== 'sending') return;
    const { status, nextAttemptAt, lastError, deliveredAt, updatedAt } = structuredClone(outcome);
    Object.assign(row.message, { status, nextAttemptAt, lastError, deliveredAt, updatedAt });
    row.tries.push(structuredClone(attempt));
    row.lockedUntil = null;
  }

  async findById(id: string): Promise<WebhookMessage | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row.message) : null;
  }

  async listForEndpoint(endpointId: string, limit: number): Promise<WebhookMessageWithAttempts[]> {
    return [...this.rows.values()]
      .filter((row) => row.message.endpointId === endpointId)
      .sort((a, b) => newestFirst(a.message, b.message))
      .slice(0, limit)
      .map((row) => ({ ...structuredClone(row.message), tries: structuredClone(row.tries) }));
  }

  async lastResults() {
    const last = new Map<string, { status: WebhookMessage['status']; at: Date; lastError: string | null }>();
    const messages = [...this.rows.values()].map((row) => row.message).sort(newestFirst);
    for (const message of messages)
      if (!last.has(message.endpointId))
        last.set(message.endpointId, {
          status: message.status,
          at: message.updatedAt,
          lastError: message.lastError,
        });
    return last;
  }

  async failWaiting(endpointId: string, reason: string, at: Date): Promise<void> {
    for (const row of this.rows.values()) {
      const { message } = row;
      if (message.endpointId !== endpointId || (message.status !== 'pending' && message.status !== 'sending')) continue;
      Object.assign(message, { status: 'failed', lastError: reason, updatedAt: at, nextAttemptAt: at });
      row.lockedUntil = null;
    }
  }
}
