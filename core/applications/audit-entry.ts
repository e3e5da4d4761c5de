import type { ReviewChannel } from '../audit/reviewer.ts';
import type { ApplicationKindName } from './application.ts';

/** One status change of an application: who made it, when, from what to what, and why. */
export interface AuditEntry {
  id: string;
  kind: ApplicationKindName;
  applicationId: string;
  fromStatus: string;
  toStatus: string;
  notes: string | null;
  reviewerId: string;
  reviewerDiscordId: string;
  reviewerName: string;
  channel: ReviewChannel;
  createdAt: Date;
}
