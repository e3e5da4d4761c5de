import type { Email } from '../../../core/mail/model/email.ts';
import type { EmailDto } from '../contract/emails.ts';

export function presentEmail(email: Email): EmailDto {
  return {
    id: email.id,
    kind: email.kind,
    status: email.status,
    to: email.to,
    subject: email.subject,
    purchaseId: email.purchaseId,
    membershipId: email.membershipId,
    attempts: email.attempts,
    nextAttemptAt: email.nextAttemptAt.toISOString(),
    lastError: email.lastError,
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
  };
}
