import type { User } from '../../users/model/user.ts';
import { displayName } from '../../users/model/user.ts';

/** Where a decision was made; the same use cases run behind the website and the terminal. */
export type ReviewChannel = 'web' | 'cli';

/** The signed-in person making a decision, as the session (web) or --as (terminal) names them. */
export type Reviewer = Pick<
  User,
  'id' | 'discordId' | 'username' | 'discordUsername' | 'role' | 'permissionGrants' | 'permissionRevocations'
>;

export interface ReviewContext {
  reviewer: Reviewer;
  channel: ReviewChannel;
}

export function reviewerName(reviewer: Reviewer): string {
  return displayName(reviewer);
}
