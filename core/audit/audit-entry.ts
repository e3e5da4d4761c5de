import type { ApplicationKindName } from '../applications/application.ts';

/** Where a decision was made; the same use cases run behind the website and the terminal. */
export type ReviewChannel = 'web' | 'cli';

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
