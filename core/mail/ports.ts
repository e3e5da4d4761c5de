import type { Email, EmailOutcome, EmailStatus, OutgoingEmail } from './model/email.ts';

/** The outbox of emails. Writes join the caller's transaction. */
export interface MailOutbox {
  /** an email whose dedupeKey exists already is skipped */
  add(emails: Email[]): Promise<void>;
  /**
   * Claims up to `limit` emails that are due (pending and next try reached, or sending with an expired lease), so
   * that no other worker takes them: each becomes `sending`, its attempts go up by one, its lease runs to `leaseUntil`.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Email[]>;
  /** records a try's outcome on an email this worker claimed (nothing, once its lease passed to another) */
  settle(id: string, outcome: EmailOutcome): Promise<void>;
  findById(id: string): Promise<Email | null>;
  /** newest first; `purchaseId`: only that purchase's */
  list(query: EmailQuery): Promise<Email[]>;
  /** failed -> pending with a fresh count of tries; answers the ids that moved */
  requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]>;
}

export interface EmailQuery {
  status?: EmailStatus;
  purchaseId?: string;
  limit?: number;
}

/**
 * Hands a message over: to the SMTP server, or to a file where none is set. Throws MailAttemptError; the From
 * address, the Message-ID (from the email's id) and the Date (its creation) are the sender's to write.
 */
export interface MailSender {
  send(email: OutgoingEmail): Promise<void>;
}

/** The site's addresses an email links to. */
export interface ReceiptLinks {
  /** the purchase's receipt page */
  receipt(purchaseId: string): string;
  /** the player's account page (their Priority Pass and card) */
  account: string;
}
