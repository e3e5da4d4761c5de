import { randomUUID } from 'node:crypto';
import type { Email } from '../../core/mail/model/email.ts';

/** A purchase's receipt, pending now, as the outbox stores one; overrides set the rest. */
export function storedEmail(overrides: Partial<Email> = {}): Email {
  const now = new Date();
  const id = randomUUID();
  return {
    id,
    kind: 'purchase',
    status: 'pending',
    to: 'remy@example.com',
    subject: 'Your Bayou Roleplay receipt: Hood Package',
    text: 'Hi Remy,\n\nThanks for your purchase.\n',
    html: '<p>Hi Remy,</p>',
    userId: null,
    purchaseId: null,
    membershipId: null,
    dedupeKey: `test:${id}`,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    ...overrides,
  };
}
