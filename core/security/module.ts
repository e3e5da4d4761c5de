import type { AccountActionLog } from '../audit/model/account-action.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { Permission } from '../users/model/permissions.ts';
import type { UserRepository } from '../users/ports.ts';
import type { OneTimeCodes, PasskeyCeremony, SecondFactorRepository, SecretBox } from './ports.ts';
import { CheckCode } from './use-cases/check-code.ts';
import { CheckPasskey } from './use-cases/check-passkey.ts';
import { ConfirmTotpSetup } from './use-cases/confirm-totp-setup.ts';
import { GetSecondFactorStatus } from './use-cases/get-second-factor-status.ts';
import { RegisterPasskey } from './use-cases/register-passkey.ts';
import { RequireSecondFactor } from './use-cases/require-second-factor.ts';
import { ResetSecondFactor } from './use-cases/reset-second-factor.ts';
import { StartPasskeyCheck } from './use-cases/start-passkey-check.ts';
import { StartPasskeyRegistration } from './use-cases/start-passkey-registration.ts';
import { StartTotpSetup } from './use-cases/start-totp-setup.ts';

/** What the second factor needs from outside. */
export interface SecurityPorts {
  factors: SecondFactorRepository;
  passkeys: PasskeyCeremony;
  codes: OneTimeCodes;
  secrets: SecretBox;
  /** the permissions whose holders need a second factor (STAFF_2FA) */
  required: readonly Permission[];
}

interface Shared {
  users: UserRepository;
  log: AccountActionLog;
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}

/** Passkeys, authenticator apps and recovery codes for the staff who can refund, ban and change roles. */
export function createSecurityModule(p: SecurityPorts, shared: Shared) {
  const deps = { ...p, ...shared };
  return {
    status: new GetSecondFactorStatus(deps),
    require: new RequireSecondFactor(deps),
    startPasskeyRegistration: new StartPasskeyRegistration(deps),
    registerPasskey: new RegisterPasskey(deps),
    startPasskeyCheck: new StartPasskeyCheck(deps),
    checkPasskey: new CheckPasskey(deps),
    startTotpSetup: new StartTotpSetup(deps),
    confirmTotpSetup: new ConfirmTotpSetup(deps),
    checkCode: new CheckCode(deps),
    reset: new ResetSecondFactor(deps),
  };
}
