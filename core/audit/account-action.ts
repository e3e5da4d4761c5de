import type { User } from '../users/user.ts';
import type { ReviewChannel } from './reviewer.ts';

/** What an admin did to an account, from the website or the terminal. */
export const ACCOUNT_ACTION_KINDS = ['credit_tokens', 'debit_tokens', 'ban', 'unban', 'change_role'] as const;
export type AccountActionKind = (typeof ACCOUNT_ACTION_KINDS)[number];

/** Who acts: the signed-in admin (web), the admin named by --as, or nobody named (terminal without --as). */
export type Actor = Pick<User, 'id' | 'discordId' | 'username' | 'discordUsername' | 'role'>;

/** One row of the append-only account-action log: who, what, when, before and after, why, and where. */
export interface AccountAction {
  id: string;
  userId: string;
  action: AccountActionKind;
  /** the state before the action: a balance, 'banned'/'not banned', or a role */
  before: string;
  after: string;
  reason: string | null;
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
