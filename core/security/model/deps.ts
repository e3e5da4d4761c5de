import type { AccountActionLog } from '../../audit/model/account-action.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import type { Permission } from '../../users/model/permissions.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { OneTimeCodes, PasskeyCeremony, SecondFactorRepository, SecretBox } from '../ports.ts';

/** What the second-factor use cases share. */
export interface SecurityDeps {
  factors: SecondFactorRepository;
  passkeys: PasskeyCeremony;
  codes: OneTimeCodes;
  secrets: SecretBox;
  /** the permissions whose holders need a second factor (STAFF_2FA); empty: none do */
  required: readonly Permission[];
  users: UserRepository;
  log: AccountActionLog;
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}
