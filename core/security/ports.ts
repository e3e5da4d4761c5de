import type { Passkey, TotpFactor } from './model/second-factor.ts';

/** Registered passkeys, the authenticator-app secret and the recovery codes, per user. */
export interface SecondFactorRepository {
  /** a passkey or a confirmed authenticator app is set up */
  hasFactor(userId: string): Promise<boolean>;
  passkeysOf(userId: string): Promise<Passkey[]>;
  findPasskey(userId: string, credentialId: string): Promise<Passkey | null>;
  /** false when that credential is registered already */
  addPasskey(passkey: Passkey): Promise<boolean>;
  /** records a check: the counter moves only forward (false: the counter went back, a cloned authenticator) */
  recordPasskeyUse(id: string, counter: number, at: Date): Promise<boolean>;
  totpOf(userId: string): Promise<TotpFactor | null>;
  /** starts (or starts again) an unconfirmed setup with this sealed secret; a confirmed one is left as it is */
  startTotp(userId: string, sealedSecret: string, at: Date): Promise<boolean>;
  /** confirms the waiting setup, its first code's step used */
  confirmTotp(userId: string, step: number, at: Date): Promise<boolean>;
  /** accepts `step` when it is later than the last accepted one, atomically (two racing uses: one wins) */
  acceptTotpStep(userId: string, step: number): Promise<boolean>;
  /** replaces the user's recovery codes with these hashes */
  replaceRecoveryCodes(userId: string, hashes: readonly string[], at: Date): Promise<void>;
  /** marks the unused code with this hash used, atomically; false when there is none */
  spendRecoveryCode(userId: string, hash: string, at: Date): Promise<boolean>;
  recoveryCodesLeft(userId: string): Promise<number>;
  /** removes every factor and code of the user; answers what was removed */
  removeAll(userId: string): Promise<{ passkeys: number; totp: boolean; recoveryCodes: number }>;
}

export interface PasskeyDescriptor {
  credentialId: string;
  transports: readonly string[];
}

/** The WebAuthn ceremonies: options for the browser, and the verification of what it answers. */
export interface PasskeyCeremony {
  registrationOptions(input: {
    userId: string;
    userName: string;
    exclude: readonly PasskeyDescriptor[];
  }): Promise<{ options: unknown; challenge: string }>;
  /** the new credential, or null when the answer does not verify */
  verifyRegistration(input: {
    response: unknown;
    challenge: string;
  }): Promise<{ credentialId: string; publicKey: string; counter: number; transports: string[] } | null>;
  authenticationOptions(input: {
    allow: readonly PasskeyDescriptor[];
  }): Promise<{ options: unknown; challenge: string }>;
  /** the credential id the browser's answer names (null: none) */
  credentialIdOf(response: unknown): string | null;
  /** the new counter, or null when the answer does not verify */
  verifyAuthentication(input: { response: unknown; challenge: string; passkey: Passkey }): Promise<number | null>;
}

/** Time-based one-time codes (RFC 6238). */
export interface OneTimeCodes {
  newSecret(): string;
  /** the otpauth:// address an authenticator app reads from a QR code */
  uri(secret: string, account: string): string;
  /** the time step the code is right for at `now` (one step either side), or null */
  stepOf(secret: string, code: string, now: Date): number | null;
}

/** Keeps a secret unreadable at rest. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}
