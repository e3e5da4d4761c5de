import type { User } from '../users/user.ts';
import { displayName } from '../users/user.ts';
import type { ReviewChannel } from './audit-entry.ts';

/** The signed-in person making a decision, as the session (web) or --as (terminal) names them. */
export type Reviewer = Pick<User, 'id' | 'discordId' | 'username' | 'discordUsername' | 'role'>;

export interface ReviewContext {
  reviewer: Reviewer;
  channel: ReviewChannel;
}

export function reviewerName(reviewer: Reviewer): string {
  return displayName(reviewer);
}
