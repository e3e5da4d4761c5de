import { DomainError } from '../../shared/errors.ts';
import { type Permission, permissionsOf, type PermissionHolder } from '../../users/model/permissions.ts';

/** The permissions that need a second factor unless the owner sets STAFF_2FA: the ones a stolen session could misuse. */
export const DEFAULT_SECOND_FACTOR_PERMISSIONS: readonly Permission[] = [
  'refund',
  'ban',
  'manage-roles',
  'adjust-tokens',
];

/** A check of the factor stands this long; an action guarded by one asks again after it. */
export const SECOND_FACTOR_FRESH_MS = 10 * 60_000;

/** A passkey ceremony's challenge is good this long, once. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** How many one-time recovery codes a member gets with their first factor. */
export const RECOVERY_CODE_COUNT = 10;

/** A registered passkey: the authenticator's credential and its signature counter. */
export interface Passkey {
  id: string;
  userId: string;
  /** base64url, as the browser names it */
  credentialId: string;
  /** base64url COSE public key */
  publicKey: string;
  counter: number;
  transports: readonly string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** An authenticator app's shared secret, sealed; `confirmedAt` null while its setup waits for the first code. */
export interface TotpFactor {
  userId: string;
  sealedSecret: string;
  confirmedAt: Date | null;
  /** the last time step a code was accepted for: a code is good once */
  lastStep: number | null;
  createdAt: Date;
}

/** A challenge handed to the browser, stored server-side with the session. */
export interface Challenge {
  value: string;
  purpose: 'register' | 'check';
  issuedAt: number;
}

/** Whether this user's permissions include one that needs a second factor. */
export function needsSecondFactor(user: PermissionHolder, required: readonly Permission[]): boolean {
  if (required.length === 0) return false;
  const held = permissionsOf(user);
  return required.some((permission) => held.has(permission));
}

/** Whether a check made at `checkedAt` (ms) still stands at `now`. */
export function checkIsFresh(checkedAt: number | null | undefined, now: Date): boolean {
  return (
    typeof checkedAt === 'number' && checkedAt <= now.getTime() && now.getTime() - checkedAt < SECOND_FACTOR_FRESH_MS
  );
}

export class SecondFactorSetupRequiredError extends DomainError {
  constructor() {
    super(
      'SECOND_FACTOR_SETUP_REQUIRED',
      'forbidden',
      'Set up a passkey or an authenticator app at /account/security before using staff actions.',
    );
  }
}

export class SecondFactorRequiredError extends DomainError {
  constructor() {
    super('SECOND_FACTOR_REQUIRED', 'forbidden', 'Confirm it is you with your passkey or a code, then try again.');
  }
}

export class InvalidSecondFactorError extends DomainError {
  constructor(message = 'That code or passkey did not match. Try again.') {
    super('SECOND_FACTOR_INVALID', 'invalid', message);
  }
}

export class ChallengeExpiredError extends DomainError {
  constructor() {
    super('CHALLENGE_EXPIRED', 'invalid', 'That request has expired. Start again.');
  }
}
