import { z } from 'zod';
import { EMAIL_KINDS, EMAIL_STATUSES } from '../../../core/mail/model/email.ts';
import { UUID_SHAPE } from './ids.ts';

export const emailStatusSchema = z.enum(EMAIL_STATUSES);
export type EmailStatusDto = z.infer<typeof emailStatusSchema>;

/** One email of the outbox as staff see it: what it tells, to whom, where it stands; its words stay on the server. */
export const emailSchema = z.object({
  id: z.string(),
  kind: z.enum(EMAIL_KINDS),
  status: emailStatusSchema,
  to: z.string(),
  subject: z.string(),
  purchaseId: z.string().nullable(),
  membershipId: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailDto = z.infer<typeof emailSchema>;

/** GET /api/emails (staff): by status (`failed`), or one purchase's */
export const emailsQuerySchema = z.object({
  status: emailStatusSchema.optional(),
  purchaseId: z.string().regex(UUID_SHAPE, 'must be a purchase id').optional(),
});
export const emailsResponseSchema = z.object({ emails: z.array(emailSchema) });
export type EmailsResponse = z.infer<typeof emailsResponseSchema>;

/** POST /api/emails/:id/retry (staff who refund): the email, queued again */
export const retryEmailResponseSchema = z.object({ email: emailSchema });
export type RetryEmailResponse = z.infer<typeof retryEmailResponseSchema>;
