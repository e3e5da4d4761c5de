import { z } from 'zod';
import { applicationInterviewsSchema } from './interviews.ts';
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '../../../core/privacy/model/privacy-request.ts';

export {
  ERASURE_CONFIRMATION_WORD,
  ERASURE_NOTICE,
  erasureConfirmationSchema,
  type ErasureConfirmation,
} from '../../../core/privacy/model/erasure.ts';

/** One of the player's requests about their data, with its deadline (30 days after it was made). */
export const privacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  channel: z.enum(['web', 'cli']),
  createdAt: z.string(),
  dueAt: z.string(),
  completedAt: z.string().nullable(),
  /** why it waits, in words; null when nothing holds it */
  heldBy: z.string().nullable(),
});
export type PrivacyRequestDto = z.infer<typeof privacyRequestSchema>;

/** What makes a deletion wait: a payment not settled, a recent dispute, or a pass the player cancels at Tebex first. */
export const erasureHoldSchema = z.object({
  code: z.enum(['PAYMENT_IN_PROGRESS', 'DISPUTE_OPEN', 'SUBSCRIPTION_AT_PROVIDER']),
  /** the purchase concerned; null for a pass billed by a provider the site cannot cancel at */
  purchaseId: z.string().nullable(),
  until: z.string().nullable(),
  message: z.string(),
});
export type ErasureHoldDto = z.infer<typeof erasureHoldSchema>;

/** GET /api/user/privacy: the player's requests, and what deleting the account now would do. */
export const myPrivacySchema = z.object({
  requests: z.array(privacyRequestSchema),
  erasure: z.object({
    /** the live Priority Pass ended first, before anything is erased */
    membership: z.object({ tierName: z.string(), status: z.enum(['active', 'past_due']) }).nullable(),
    /** what makes a deletion wait now (it is recorded, and staff carry it out once they clear) */
    holds: z.array(erasureHoldSchema),
    /** a staff or admin account: the site does not delete it */
    refused: z.boolean(),
    /** the erasure asked for and not carried out yet, if any */
    pending: privacyRequestSchema.nullable(),
  }),
});
export type MyPrivacyDto = z.infer<typeof myPrivacySchema>;

/**
 * POST /api/user/privacy/erase (body: `erasureConfirmationSchema`): erased at once (the session ends with it), or
 * recorded and waiting for its holds.
 */
export const erasureResponseSchema = z.object({
  erased: z.boolean(),
  request: privacyRequestSchema,
  holds: z.array(erasureHoldSchema),
  /** the Priority Pass ended first, by its tier's name */
  membershipEnded: z.string().nullable(),
  /** true once the account is erased: this session and every other one have ended */
  signedOut: z.boolean(),
});
export type ErasureResponseDto = z.infer<typeof erasureResponseSchema>;

/**
 * POST /api/user/privacy/export: the player's data as one JSON file (an attachment), the same document as the
 * terminal's `users export`. Sections hold what the site stores, amounts in dollars and times in ISO 8601; the token
 * ledger's entries are written as the ledger gives them.
 */
export const personalDataExportSchema = z.object({
  format: z.literal('bayou-roleplay-personal-data'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  ageDeclaration: z.object({ answer: z.string(), words: z.string(), declaredAt: z.string() }).nullable(),
  consents: z.array(
    z.object({
      purchaseId: z.string(),
      version: z.string(),
      words: z.string().nullable(),
      givenAt: z.string(),
      address: z.string().nullable(),
    }),
  ),
  purchases: z.array(z.record(z.string(), z.unknown())),
  tokenLedger: z.array(z.record(z.string(), z.unknown())),
  applications: z.array(z.record(z.string(), z.unknown())),
  memberships: z.array(z.record(z.string(), z.unknown())),
  /** their interviews and the times offered, per application, as GET /api/interviews/mine answers them */
  interviews: z.array(applicationInterviewsSchema),
  grants: z.array(z.record(z.string(), z.unknown())),
  /** the times the game server let them in from its queue, the latest first */
  queueAdmissions: z.array(
    z.object({ server: z.string(), tier: z.string().nullable(), waitedSeconds: z.number(), admittedAt: z.string() }),
  ),
  privacyRequests: z.array(privacyRequestSchema),
});
export type PersonalDataExportDto = z.infer<typeof personalDataExportSchema>;

export { personalDataFileName } from './privacy-texts.ts';
