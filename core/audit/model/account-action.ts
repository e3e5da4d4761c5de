import type { Permission } from '../../users/model/permissions.ts';
import type { ReviewChannel, Reviewer } from './reviewer.ts';

/** What an admin did to an account, from the website or the terminal. */
export const ACCOUNT_ACTION_KINDS = [
  'credit_tokens',
  'debit_tokens',
  'ban',
  'unban',
  'change_role',
  'grant_permission',
  'revoke_permission',
  'reset_second_factor',
  // a waiting player moved to the front of the game server's queue, or removed from it (decision 0110)
  'queue_front',
  'queue_remove',
] as const;
export type AccountActionKind = (typeof ACCOUNT_ACTION_KINDS)[number];

/**
 * Who acts: the signed-in admin (web), the admin named by --as, or nobody named (terminal without --as); the same
 * fields of the user as a reviewer of applications.
 */
export type Actor = Reviewer;

/** One row of the append-only account-action log: who, what, when, before and after, why, and where. */
export interface AccountAction {
  id: string;
  userId: string;
  action: AccountActionKind;
  /** the state before the action: a balance, 'banned'/'not banned', a role, or for a permission its id and whether the user held it ('refund: not held') */
  before: string;
  after: string;
  reason: string | null;
  /** the permission granted or revoked (grant_permission, revoke_permission), else null */
  permission?: Permission | null;
  actorId: string | null;
  actorDiscordId: string | null;
  actorName: string;
  channel: ReviewChannel;
  createdAt: Date;
}

/** Append-only: a row is written in the same transaction as the change it records and never changed. */
export interface AccountActionLog {
  record(action: AccountAction): Promise<void>;
  /** newest first */
  forUser(userId: string, limit: number): Promise<AccountAction[]>;
}
