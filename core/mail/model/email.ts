/**
 * What each email tells: a purchase's receipt, a paid Priority Pass renewal, a refund, a renewal that did not go
 * through, and a gift received (to its recipient).
 */
export const EMAIL_KINDS = ['purchase', 'renewal', 'refund', 'renewal_failed', 'gift_received'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * pending: waiting for its next try; sending: claimed by a worker (its lease runs out if that worker dies); sent:
 * handed to the mail server (or, with no SMTP_URL, written to a file); failed: refused for good, or the last of the
 * tries, until staff retry it.
 */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One email to send, written in the same transaction as the change it tells of (an outbox row), its text whole. */
export interface Email {
  id: string;
  kind: EmailKind;
  status: EmailStatus;
  /** the address it goes to */
  to: string;
  subject: string;
  /** the plain-text part */
  text: string;
  /** the HTML part: the same words, every value escaped */
  html: string;
  /** the account it is for */
  userId: string | null;
  purchaseId: string | null;
  membershipId: string | null;
  /** the same cause never writes two emails */
  dedupeKey: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

/** What the sender needs of an email: its words, its address, and what names it (id and date stay across tries). */
export type OutgoingEmail = Pick<Email, 'id' | 'to' | 'subject' | 'text' | 'html' | 'createdAt'>;

/** What a try changes on an email it claimed. */
export type EmailOutcome = Pick<Email, 'status' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'updatedAt'>;
